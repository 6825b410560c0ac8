import { Type } from '@toolsteps/sdk';
import { TagFilter, ticketTrigger } from './ticket-trigger.js';

export const newTicket = ticketTrigger({
  id: 'zendesk.new_ticket',
  title: 'New Ticket',
  description:
    'Fires when a ticket is created, with its subject, description, requester, priority, status and assignee.',
  event: 'ticket.created',
  config: Type.Object({ tag: TagFilter }, { additionalProperties: false }),
  sample: { status: 'new', assignee: null, latest_comment: null },
});
