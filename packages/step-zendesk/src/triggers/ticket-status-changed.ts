import { Type, withOptions } from '@toolsteps/sdk';
import { Status } from '../ticket-shapes.js';
import { TagFilter, ticketTrigger } from './ticket-trigger.js';

export const ticketStatusChanged = ticketTrigger({
  id: 'zendesk.ticket_status_changed',
  title: 'Ticket Status Changed',
  description: "Fires when an existing ticket's status changes (to any status, or only to `status`).",
  event: 'ticket.status_changed',
  config: Type.Object(
    {
      status: Type.Optional(withOptions(Status, { description: 'Only changes to this status' })),
      tag: TagFilter,
    },
    { additionalProperties: false },
  ),
  wants: (event, config) => config.status === undefined || event.ticket.status === config.status,
  sample: { status: 'solved' },
});
