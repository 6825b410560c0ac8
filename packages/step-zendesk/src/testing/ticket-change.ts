import type { Ticket, TicketComment, ZendeskUser } from './zendesk-model.js';

/** One create or update of a ticket, as triggers see it: before (none when created), after, who, and its comment. */
export interface TicketChange {
  before: Ticket | undefined;
  after: Ticket;
  caller: ZendeskUser;
  /** The comment the update added, if any. */
  comment: TicketComment | undefined;
}

/** A copy of a ticket to compare against once a request has changed it. */
export function snapshotTicket(ticket: Ticket): Ticket {
  return structuredClone(ticket);
}

export function ticketChange(before: Ticket | undefined, after: Ticket, caller: ZendeskUser): TicketChange {
  const added = after.comments.length > (before?.comments.length ?? 0);
  return { before, after, caller, comment: added ? after.comments.at(-1) : undefined };
}
