import { Type } from '@toolsteps/sdk';
import { TagFilter, ticketTrigger } from './ticket-trigger.js';

export const ticketAssigned = ticketTrigger({
  id: 'zendesk.ticket_assigned',
  title: 'Ticket Assigned',
  description:
    'Fires when a ticket is assigned to an agent, on creation or later (to anyone, or only to `assignee_email`). Unassigning does not fire.',
  event: 'ticket.assigned',
  config: Type.Object(
    {
      assignee_email: Type.Optional(
        Type.String({ format: 'email', description: 'Only assignments to this agent' }),
      ),
      tag: TagFilter,
    },
    { additionalProperties: false },
  ),
  wants: (event, config) =>
    config.assignee_email === undefined ||
    event.ticket.assignee?.email.toLowerCase() === config.assignee_email.toLowerCase(),
  sample: {},
});
