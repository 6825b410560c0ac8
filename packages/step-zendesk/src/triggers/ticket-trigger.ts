import { defineTrigger, type Static, type TSchema, Type } from '@toolsteps/sdk';
import type { TicketEventName } from '../webhooks/ticket-events.js';
import { ENTERPRISE_PLAN } from './enterprise-plan.js';
import { readTicketEvent } from './read-ticket-event.js';
import { SAMPLE_EVENT } from './sample-event.js';
import { TicketEvent, type TicketEventJson } from './ticket-event.js';

/** A filter every Zendesk trigger takes: only tickets with this tag. */
export const TagFilter = Type.Optional(
  Type.String({ minLength: 1, pattern: '^\\S+$', description: 'Only tickets with this tag, e.g. "vip"' }),
);

interface TicketTriggerDefinition<C extends TSchema> {
  id: string;
  title: string;
  description: string;
  event: TicketEventName;
  config: C;
  /** Whether a binding with `config` wants the event, beyond the tag filter every trigger has. */
  wants?: (event: TicketEventJson, config: Static<C>) => boolean;
  sample: Partial<TicketEventJson['ticket']>;
}

/**
 * A Zendesk ticket trigger: delivered by the webhook and trigger `zendeskWebhooks` registers for its
 * event, the delivery read into one event (or none for another event, or a ticket the binding's
 * filters leave out). Enterprise plans only.
 */
export function ticketTrigger<C extends TSchema>(definition: TicketTriggerDefinition<C>) {
  const { event, wants } = definition;
  return defineTrigger({
    id: definition.id,
    title: definition.title,
    description: definition.description,
    delivery: 'webhook',
    config: definition.config,
    event: TicketEvent,
    sample: { ...SAMPLE_EVENT, event, ticket: { ...SAMPLE_EVENT.ticket, ...definition.sample } },
    requires: [ENTERPRISE_PLAN],
    webhook: {
      subscribes: [event],
      match: (delivery, config) => {
        const found = readTicketEvent(delivery, event);
        if (found === undefined) return [];
        const { tag } = config as { tag?: string };
        if (tag !== undefined && !found.ticket.tags.includes(tag.toLowerCase())) return [];
        return wants === undefined || wants(found, config) ? [found] : [];
      },
    },
  });
}
