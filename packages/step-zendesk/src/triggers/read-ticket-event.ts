import type { WebhookDelivery } from '@toolsteps/sdk';
import type { TicketEventName } from '../webhooks/ticket-events.js';
import type { PersonJson, TicketEventJson } from './ticket-event.js';

type Json = Record<string, unknown>;

/**
 * The event a delivery carries, when it is one of `event`: the body `register`'s trigger sends,
 * where every value is text (Zendesk renders placeholders as text). Ids become numbers, an empty
 * value none, and status, priority and type Zendesk's API names (`Open` → `open`).
 */
export function readTicketEvent(
  delivery: WebhookDelivery,
  event: TicketEventName,
): TicketEventJson | undefined {
  const body = object(delivery?.body);
  if (object(body.toolsteps).event !== event) return undefined;
  const ticket = object(body.ticket);
  const id = integer(ticket.id);
  if (id === null) return undefined;
  const comment = object(ticket.latest_comment);
  return {
    event,
    ticket: {
      id,
      url: text(ticket.url),
      subject: text(ticket.subject),
      description: text(ticket.description),
      status: text(ticket.status).toLowerCase(),
      priority: name(ticket.priority),
      type: name(ticket.type),
      tags: text(ticket.tags).split(/\s+/).filter(Boolean),
      created_at: text(ticket.created_at),
      updated_at: text(ticket.updated_at),
      requester: person(ticket.requester),
      assignee: person(ticket.assignee),
      latest_comment:
        text(comment.body) === ''
          ? null
          : {
              body: text(comment.body),
              public: text(comment.public) === 'true',
              author: person(comment.author),
              created_at: text(comment.created_at),
            },
    },
    updated_by: person(body.current_user),
  };
}

function object(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function integer(value: unknown): number | null {
  const number = Number(text(value));
  return text(value) !== '' && Number.isSafeInteger(number) ? number : null;
}

/** A drop-down value as the API names it; Zendesk renders "none" as nothing or `-`. */
function name(value: unknown): string | null {
  const shown = text(value).trim().toLowerCase();
  return shown === '' || shown === '-' ? null : shown;
}

function person(value: unknown): PersonJson | null {
  const user = object(value);
  const id = integer(user.id);
  return id === null ? null : { id, name: text(user.name), email: text(user.email) };
}
