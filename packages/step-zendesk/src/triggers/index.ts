import { newComment } from './new-comment.js';
import { newTicket } from './new-ticket.js';
import { ticketAssigned } from './ticket-assigned.js';
import { ticketPriorityChanged } from './ticket-priority-changed.js';
import { ticketStatusChanged } from './ticket-status-changed.js';

export { ENTERPRISE_PLAN } from './enterprise-plan.js';
export { TicketEvent, type TicketEventJson } from './ticket-event.js';
export { newComment, newTicket, ticketAssigned, ticketPriorityChanged, ticketStatusChanged };

/** In the order of the list. */
export const zendeskTriggers = [
  newTicket,
  ticketStatusChanged,
  ticketPriorityChanged,
  newComment,
  ticketAssigned,
];
