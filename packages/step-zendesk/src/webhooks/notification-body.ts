import type { TicketEventName } from './ticket-events.js';

/**
 * The JSON body the Zendesk trigger sends its webhook: every value a placeholder Zendesk fills in,
 * quoted (an empty assignee renders as nothing, which unquoted would not be JSON), and two plain
 * markers, the event and the binding's URL, so a delivery says which trigger it is for.
 */
export function notificationBody(event: TicketEventName, url: string): string {
  const user = (who: string) => ({
    id: `{{${who}.id}}`,
    name: `{{${who}.name}}`,
    email: `{{${who}.email}}`,
  });
  const body = {
    toolsteps: { event, binding: url },
    ticket: {
      id: '{{ticket.id}}',
      url: '{{ticket.link}}',
      subject: '{{ticket.title}}',
      description: '{{ticket.description}}',
      status: '{{ticket.status}}',
      priority: '{{ticket.priority}}',
      type: '{{ticket.ticket_type}}',
      tags: '{{ticket.tags}}',
      created_at: '{{ticket.created_at_with_timestamp}}',
      updated_at: '{{ticket.updated_at_with_timestamp}}',
      requester: user('ticket.requester'),
      assignee: user('ticket.assignee'),
      latest_comment: {
        body: '{{ticket.latest_comment.value}}',
        public: '{{ticket.latest_comment.is_public}}',
        author: user('ticket.latest_comment.author'),
        created_at: '{{ticket.latest_comment.created_at_with_timestamp}}',
      },
    },
    current_user: user('current_user'),
  };
  return JSON.stringify(body);
}
