import { type InvalidField, RecordInvalid } from './zendesk-errors.js';
import {
  type CustomFieldValue,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
  type Ticket,
  type TicketComment,
  type ZendeskUser,
} from './zendesk-model.js';
import type { ZendeskState } from './zendesk-state.js';

type Json = Record<string, unknown>;

/**
 * Applies the `ticket` object of a create or update request to a ticket, as Zendesk reads it:
 * status, priority, type, subject, external_id, assignee_id or assignee_email, requester_id or requester
 * {name, email}, tags (a full set), custom_fields [{id, value}] and a comment {body, public, uploads}.
 * Every problem is collected and thrown at once as RecordInvalid, before anything changes.
 */
export function applyTicketChanges(
  state: ZendeskState,
  ticket: Ticket,
  input: Json,
  caller: ZendeskUser,
  creating: boolean,
): void {
  const problems: InvalidField[] = [];
  const refuse = (field: string, error: string, description: string) =>
    problems.push({ field, error, description });
  const changes: Partial<Ticket> = {};

  if (!creating && ticket.status === 'closed')
    refuse('status', 'StatusClosed', 'Status: closed prevents ticket update');

  const oneOf = <T extends string>(
    field: string,
    allowed: readonly T[],
    label: string,
  ): T | null | undefined => {
    const value = input[field];
    if (value === undefined) return undefined;
    if (value === null && field !== 'status') return null;
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    refuse(field, 'InvalidValue', `${label}: ${JSON.stringify(value)} is not valid`);
    return undefined;
  };
  const status = oneOf('status', TICKET_STATUSES, 'Status');
  if (status) changes.status = status;
  const priority = oneOf('priority', TICKET_PRIORITIES, 'Priority');
  if (priority !== undefined) changes.priority = priority;
  const type = oneOf('type', TICKET_TYPES, 'Type');
  if (type !== undefined) changes.type = type;

  if (input.subject !== undefined) {
    if (typeof input.subject === 'string') changes.subject = input.subject;
    else refuse('subject', 'InvalidValue', 'Subject: is not a string');
  }

  const assignee = assigneeOf(state, input, refuse);
  if (assignee !== undefined) changes.assignee_id = assignee;
  const requester = requesterOf(state, input, refuse);
  if (requester !== undefined) {
    changes.requester_id = requester.id;
    changes.organization_id = requester.organization_id;
  }

  if (input.external_id !== undefined) {
    if (input.external_id === null || typeof input.external_id === 'string')
      changes.external_id = input.external_id;
    else refuse('external_id', 'InvalidValue', 'External id: is not a string');
  }

  if (input.tags !== undefined) {
    if (Array.isArray(input.tags) && input.tags.every((tag) => typeof tag === 'string'))
      changes.tags = normaliseTags(input.tags);
    else refuse('tags', 'InvalidValue', 'Tags: must be an array of strings');
  }

  const fields = customFieldsOf(state, ticket, input.custom_fields ?? input.fields, refuse);
  if (fields) changes.custom_fields = fields;

  const comment = commentOf(state, input.comment, caller, refuse);
  if (creating && comment === undefined) refuse('description', 'BlankValue', 'Description: cannot be blank');

  if (problems.length > 0) throw new RecordInvalid(problems);

  Object.assign(ticket, changes);
  if (creating) {
    ticket.status = changes.status ?? (ticket.assignee_id ? 'open' : 'new');
    ticket.subject ||= (comment?.body ?? '').split('\n')[0].slice(0, 80);
    ticket.description = comment?.body ?? '';
  }
  if (comment) ticket.comments.push(comment);
  ticket.updated_at = state.isoNow();
}

type Refuse = (field: string, error: string, description: string) => void;

function assigneeOf(state: ZendeskState, input: Json, refuse: Refuse): number | null | undefined {
  let user: ZendeskUser | undefined;
  if (input.assignee_id === null) return null;
  if (input.assignee_id !== undefined) {
    user = typeof input.assignee_id === 'number' ? state.users.get(input.assignee_id) : undefined;
  } else if (input.assignee_email !== undefined) {
    user = typeof input.assignee_email === 'string' ? state.userByEmail(input.assignee_email) : undefined;
  } else return undefined;
  if (!user || user.role === 'end-user') {
    refuse('assignee', 'InvalidValue', 'Assignee: is not an agent');
    return undefined;
  }
  return user.id;
}

function requesterOf(state: ZendeskState, input: Json, refuse: Refuse): ZendeskUser | undefined {
  if (input.requester_id !== undefined) {
    const user = typeof input.requester_id === 'number' ? state.users.get(input.requester_id) : undefined;
    if (!user) refuse('requester', 'InvalidValue', 'Requester: is invalid');
    return user;
  }
  const requester = input.requester as Json | undefined;
  if (requester === undefined) return undefined;
  const email = typeof requester?.email === 'string' ? requester.email : undefined;
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    refuse('requester', 'InvalidValue', 'Requester: Email is invalid');
    return undefined;
  }
  // An unknown email becomes a new end user, as Zendesk does.
  const known = state.userByEmail(email);
  if (known) return known;
  const now = state.isoNow();
  const user: ZendeskUser = {
    id: state.nextId('user', 381_000_500),
    name: typeof requester.name === 'string' && requester.name !== '' ? requester.name : email.split('@')[0],
    email,
    role: 'end-user',
    organization_id: null,
    time_zone: 'Europe/Lisbon',
    locale: 'en-US',
    created_at: now,
    updated_at: now,
  };
  state.users.set(user.id, user);
  return user;
}

function customFieldsOf(
  state: ZendeskState,
  ticket: Ticket,
  input: unknown,
  refuse: Refuse,
): CustomFieldValue[] | undefined {
  if (input === undefined) return undefined;
  if (!Array.isArray(input)) {
    refuse('custom_fields', 'InvalidValue', 'Custom fields: must be an array of {id, value}');
    return undefined;
  }
  const values = new Map(ticket.custom_fields.map((field) => [field.id, field.value]));
  for (const entry of input as Json[]) {
    const field = typeof entry?.id === 'number' ? state.ticketFields.get(entry.id) : undefined;
    // Zendesk ignores ids of fields the account does not have.
    if (!field) continue;
    const value = entry.value as CustomFieldValue['value'];
    if (
      field.type === 'tagger' &&
      value !== null &&
      !field.options?.some((option) => option.value === value)
    ) {
      refuse(
        `${field.id}`,
        'InvalidValue',
        `${field.title}: ${JSON.stringify(value)} is not one of its options`,
      );
      continue;
    }
    values.set(field.id, field.type === 'checkbox' ? Boolean(value) : value);
  }
  return [...values].map(([id, value]) => ({ id, value }));
}

function commentOf(
  state: ZendeskState,
  input: unknown,
  caller: ZendeskUser,
  refuse: Refuse,
): TicketComment | undefined {
  if (input === undefined || input === null) return undefined;
  const comment = input as Json;
  const body =
    typeof comment.body === 'string'
      ? comment.body
      : typeof comment.html_body === 'string'
        ? comment.html_body.replace(/<[^>]*>/g, '')
        : '';
  if (body.trim() === '') {
    refuse('comment', 'BlankValue', 'Comment: cannot be blank');
    return undefined;
  }
  const uploads = Array.isArray(comment.uploads) ? comment.uploads : [];
  const attachmentIds: number[] = [];
  for (const token of uploads) {
    const upload = typeof token === 'string' ? state.uploads.get(token) : undefined;
    if (!upload) refuse('uploads', 'InvalidValue', `Uploads: token ${JSON.stringify(token)} is invalid`);
    else attachmentIds.push(...upload.attachment_ids);
  }
  const authorId =
    typeof comment.author_id === 'number' && state.users.has(comment.author_id)
      ? comment.author_id
      : caller.id;
  return {
    id: state.nextId('comment', 5_020_000_001),
    author_id: authorId,
    body,
    // Public unless said otherwise: `public: false` makes an internal note.
    public: comment.public === undefined ? true : Boolean(comment.public),
    attachment_ids: attachmentIds,
    created_at: state.isoNow(),
  };
}

/** Zendesk keeps tags lowercase, splits on spaces and holds each once. */
export function normaliseTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of tags.flatMap((text) => text.toLowerCase().split(/\s+/))) {
    if (tag !== '' && !out.includes(tag)) out.push(tag);
  }
  return out;
}
