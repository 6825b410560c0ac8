import { Type } from '@toolsteps/sdk';
import { TagFilter, ticketTrigger } from './ticket-trigger.js';

export const newComment = ticketTrigger({
  id: 'zendesk.new_comment',
  title: 'New Comment',
  description:
    'Fires when a comment is added to an existing ticket: a public reply or an internal note (`public_only` leaves notes out). The comment is `ticket.latest_comment`.',
  event: 'ticket.comment_added',
  config: Type.Object(
    {
      public_only: Type.Optional(Type.Boolean({ description: 'Only public comments, not internal notes' })),
      tag: TagFilter,
    },
    { additionalProperties: false },
  ),
  wants: (event, config) => config.public_only !== true || event.ticket.latest_comment?.public === true,
  sample: {},
});
