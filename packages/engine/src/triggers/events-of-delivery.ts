import { StepError, type WebhookDelivery } from '@toolsteps/sdk';
import type { CompiledBinding } from './compiled-binding.js';

/**
 * The events one delivery makes for a binding, as its trigger's own `match` decides: none, one or
 * many. A trigger that throws is reported as the trigger's fault, naming it.
 */
export function eventsOfDelivery(
  binding: Pick<CompiledBinding, 'trigger' | 'config'>,
  delivery: WebhookDelivery,
): unknown[] {
  const { trigger } = binding;
  if (trigger.delivery !== 'webhook') {
    throw new StepError({
      code: 'validation',
      message: `${trigger.id} is a poll trigger: it asks the API for events, so no delivery ever reaches it`,
    });
  }
  let events: unknown;
  try {
    events = trigger.webhook.match(delivery, binding.config);
  } catch (error) {
    throw new StepError({
      code: 'unsupported',
      message: `${trigger.id} failed to read the delivery: ${(error as Error)?.message ?? String(error)}`,
      cause: error,
    });
  }
  if (!Array.isArray(events)) {
    throw new StepError({
      code: 'unsupported',
      message: `${trigger.id}'s match returned ${typeof events}, not a list of events`,
    });
  }
  return events;
}
