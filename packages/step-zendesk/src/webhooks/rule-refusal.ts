import { StepError } from '@toolsteps/sdk';

/**
 * Zendesk lets only admins manage webhooks and triggers: a 403 says so, so the user knows to connect
 * an admin. The plan (Enterprise) is checked before any call, by the host's entitlements.
 */
export function ruleRefusal(status: number, doing: string): StepError {
  return new StepError({
    code: 'forbidden',
    status,
    message: `Zendesk refused to ${doing} (${status}): the connected account must be a Zendesk admin, since only admins may manage webhooks and triggers`,
  });
}
