/**
 * The ticket events Toolsteps' Zendesk triggers subscribe to. Zendesk has no such names: a webhook
 * hears ticket activity only through a business rule, so each name stands for the conditions of
 * the Zendesk trigger that `register` creates (see `trigger-conditions.ts`).
 */
export const TICKET_EVENTS = [
  'ticket.created',
  'ticket.status_changed',
  'ticket.priority_changed',
  'ticket.comment_added',
  'ticket.assigned',
] as const;

export type TicketEventName = (typeof TICKET_EVENTS)[number];

export function isTicketEvent(name: unknown): name is TicketEventName {
  return (TICKET_EVENTS as readonly unknown[]).includes(name);
}
