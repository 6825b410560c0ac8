import type { Registration } from '@toolsteps/sdk';

/** What the store keeps of one binding's registration: its Zendesk webhook and the trigger notifying it. */
export interface RuleIds {
  webhookId: string;
  triggerId: number;
}

export function registrationOf(ids: RuleIds): Registration {
  return { webhookId: ids.webhookId, triggerId: ids.triggerId };
}

/** The ids a registration (or a reconcile's `previous`) holds, when it holds them well formed. */
export function idsOf(registration: Registration | undefined): Partial<RuleIds> {
  const webhookId = registration?.webhookId;
  const triggerId = Number(registration?.triggerId);
  return {
    webhookId: typeof webhookId === 'string' && /^[A-Za-z0-9]{1,64}$/.test(webhookId) ? webhookId : undefined,
    triggerId: Number.isSafeInteger(triggerId) && triggerId > 0 ? triggerId : undefined,
  };
}
