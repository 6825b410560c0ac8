import { Type, withOptions } from '@toolsteps/sdk';
import { Priority } from '../ticket-shapes.js';
import { TagFilter, ticketTrigger } from './ticket-trigger.js';

export const ticketPriorityChanged = ticketTrigger({
  id: 'zendesk.ticket_priority_changed',
  title: 'Ticket Priority Updated',
  description: "Fires when an existing ticket's priority changes (to any priority, or only to `priority`).",
  event: 'ticket.priority_changed',
  config: Type.Object(
    {
      priority: Type.Optional(withOptions(Priority, { description: 'Only changes to this priority' })),
      tag: TagFilter,
    },
    { additionalProperties: false },
  ),
  wants: (event, config) => config.priority === undefined || event.ticket.priority === config.priority,
  sample: { priority: 'urgent' },
});
