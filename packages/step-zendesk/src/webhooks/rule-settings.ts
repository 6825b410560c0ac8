import { StepError } from '@toolsteps/sdk';
import { notificationBody } from './notification-body.js';
import { isTicketEvent, TICKET_EVENTS, type TicketEventName } from './ticket-events.js';
import { TRIGGER_CONDITIONS } from './trigger-conditions.js';

/** Zendesk sends ticket activity to a webhook only when a trigger's action notifies it. */
export const WEBHOOK_SUBSCRIPTION = 'conditional_ticket_events';
/** Starts the name of every webhook and trigger Toolsteps makes, so a person can tell them apart. */
export const MARKER = 'Toolsteps';

/** The one ticket event a registration is for: each Toolsteps trigger subscribes to exactly one. */
export function eventOf(subscribes: readonly string[]): TicketEventName {
  const [event] = subscribes;
  if (subscribes.length === 1 && isTicketEvent(event)) return event;
  throw new StepError({
    code: 'validation',
    field: '/subscribes',
    message: `A Zendesk registration is for one ticket event, one of ${TICKET_EVENTS.join(', ')}; got ${JSON.stringify(subscribes)}`,
  });
}

/** The webhook a binding asks for: found again by its endpoint, the binding's URL. */
export function webhookSettings(url: string) {
  return {
    name: `${MARKER}: ${url}`,
    description: 'Deliveries of a Toolsteps binding; created and removed by Toolsteps.',
    endpoint: url,
    http_method: 'POST',
    request_format: 'json',
    status: 'active',
    subscriptions: [WEBHOOK_SUBSCRIPTION],
  };
}

/** The trigger that picks the event and notifies the webhook with the ticket's data. */
export function triggerSettings(event: TicketEventName, url: string, webhookId: string) {
  return {
    title: `${MARKER}: ${event} → ${url}`,
    description: 'Notifies a Toolsteps binding; created and removed by Toolsteps.',
    active: true,
    conditions: TRIGGER_CONDITIONS[event],
    actions: [{ field: 'notification_webhook', value: [webhookId, notificationBody(event, url)] }],
  };
}
