import { StepError } from '@toolsteps/sdk';
import { describeTarget, type HookTarget } from './hook-target.js';

/**
 * GitHub answers 403, or 404 to hide what the token may not see, when the account cannot manage
 * the hooks: the message says which right is missing, so the user knows what to grant.
 */
export function hookRefusal(target: HookTarget, status: number, doing: string): StepError {
  const organization = 'org' in target;
  const needs = organization
    ? 'be an owner of the organization, with a token that has the admin:org_hook scope (classic) or the organization "Webhooks" permission (read and write, fine-grained)'
    : 'have admin rights on the repository, with a token that has the admin:repo_hook scope (classic) or the repository "Webhooks" permission (read and write, fine-grained)';
  const exists = status === 404 ? `, and the ${organization ? 'organization' : 'repository'} must exist` : '';
  return new StepError({
    code: status === 404 ? 'not_found' : 'forbidden',
    status,
    message: `GitHub refused to ${doing} on ${describeTarget(target)} (${status}): the connected account must ${needs}${exists}`,
  });
}
