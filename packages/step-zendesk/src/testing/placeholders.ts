import type { TicketChange } from './ticket-change.js';
import type { ZendeskApi } from './zendesk-api.js';
import type { ZendeskUser } from './zendesk-model.js';

const PLACEHOLDER = /\{\{\s*([a-z_.]+)\s*\}\}/g;

/**
 * Renders the placeholders of a webhook body as Zendesk does for a JSON webhook: each value as plain
 * text, escaped for a JSON string; an unknown placeholder, or one with nothing to show (no assignee),
 * as nothing. Status, priority and type render as Zendesk shows them, capitalised (`Open`).
 */
export function renderPlaceholders(template: string, api: ZendeskApi, change: TicketChange): string {
  const values = placeholderValues(api, change);
  return template.replace(PLACEHOLDER, (_, name: string) => JSON.stringify(values[name] ?? '').slice(1, -1));
}

function placeholderValues(api: ZendeskApi, change: TicketChange): Record<string, string> {
  const { state } = api;
  const ticket = change.after;
  const comment = ticket.comments.at(-1);
  const capital = (text: string | null) => (text ? text[0].toUpperCase() + text.slice(1) : '');
  const values: Record<string, string> = {
    'ticket.id': String(ticket.id),
    'ticket.title': ticket.subject,
    'ticket.description': ticket.description,
    'ticket.status': capital(ticket.status),
    'ticket.priority': capital(ticket.priority),
    'ticket.ticket_type': capital(ticket.type),
    'ticket.tags': ticket.tags.join(' '),
    'ticket.link': `${api.origin()}/agent/tickets/${ticket.id}`,
    'ticket.url': `${new URL(api.origin()).host}/agent/tickets/${ticket.id}`,
    'ticket.created_at_with_timestamp': ticket.created_at,
    'ticket.updated_at_with_timestamp': ticket.updated_at,
    'ticket.latest_comment.value': comment?.body ?? '',
    'ticket.latest_comment.is_public': comment === undefined ? '' : String(comment.public),
    'ticket.latest_comment.created_at_with_timestamp': comment?.created_at ?? '',
  };
  const user = (prefix: string, person: ZendeskUser | undefined) => {
    values[`${prefix}.id`] = person ? String(person.id) : '';
    values[`${prefix}.name`] = person?.name ?? '';
    values[`${prefix}.email`] = person?.email ?? '';
  };
  user('ticket.requester', state.users.get(ticket.requester_id));
  user('ticket.assignee', ticket.assignee_id === null ? undefined : state.users.get(ticket.assignee_id));
  user('ticket.latest_comment.author', comment ? state.users.get(comment.author_id) : undefined);
  user('current_user', change.caller);
  return values;
}
