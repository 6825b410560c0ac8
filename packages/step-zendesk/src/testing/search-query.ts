import type { Ticket, TicketStatus } from './zendesk-model.js';
import { TICKET_STATUSES } from './zendesk-model.js';
import type { ZendeskState } from './zendesk-state.js';

/**
 * The part of Zendesk's search language the emulator understands: `type:`, `status:` (and
 * `status<solved` comparisons), `priority:` (and `priority>normal`, ranked low < normal < high <
 * urgent), `assignee:` and `requester:` (id, email, name, `none`, or `me` for the signed-in user),
 * `tags:`/`tag:`, `created`/`updated` with `:`, `<`, `>`, `<=`, `>=` and a YYYY-MM-DD date, a
 * leading `-` to negate, and any other word matched in the subject, description or comments.
 */
export interface ParsedQuery {
  /** The `type:` the query names, if any (lowercase). */
  type?: string;
  matches: (ticket: Ticket) => boolean;
}

const TERM = /^(-?)([a-z_]+)(<=|>=|:|<|>)(.+)$/i;

/** `callerId`: the signed-in user, whom `assignee:me` and `requester:me` name. */
export function parseSearchQuery(query: string, state: ZendeskState, callerId?: number): ParsedQuery {
  let type: string | undefined;
  const tests: Array<(ticket: Ticket) => boolean> = [];
  for (const token of tokens(query)) {
    const term = TERM.exec(token);
    if (term === null) {
      const negated = token.startsWith('-');
      const words = unquoted(negated ? token.slice(1) : token).toLowerCase();
      if (words === '') continue;
      const found = (ticket: Ticket) =>
        [ticket.subject, ticket.description, ...ticket.comments.map((comment) => comment.body)].some((text) =>
          text.toLowerCase().includes(words),
        );
      tests.push(negated ? (ticket) => !found(ticket) : found);
      continue;
    }
    const [, minus, key, operator, rawValue] = term;
    const value = unquoted(rawValue).toLowerCase();
    if (key.toLowerCase() === 'type') {
      type = value;
      continue;
    }
    const test = fieldTest(key.toLowerCase(), operator, value, state, callerId);
    tests.push(minus === '-' ? (ticket) => !test(ticket) : test);
  }
  return { type, matches: (ticket) => tests.every((test) => test(ticket)) };
}

function fieldTest(key: string, operator: string, value: string, state: ZendeskState, callerId?: number) {
  switch (key) {
    case 'status':
      return compared(operator, value, (ticket) => TICKET_STATUSES.indexOf(ticket.status), statusRank);
    case 'priority':
      if (operator === ':') return (ticket: Ticket) => (ticket.priority ?? 'none') === value;
      // A ticket without a priority is in no comparison.
      return (ticket: Ticket) =>
        ticket.priority !== null &&
        compared(operator, value, () => priorityRank(ticket.priority ?? ''), priorityRank)(ticket);
    case 'ticket_type':
      return (ticket: Ticket) => (ticket.type ?? 'none') === value;
    case 'assignee':
      return (ticket: Ticket) => isPerson(ticket.assignee_id, value, state, callerId);
    case 'requester':
      return (ticket: Ticket) => isPerson(ticket.requester_id, value, state, callerId);
    case 'tags':
    case 'tag':
      return (ticket: Ticket) => ticket.tags.includes(value);
    case 'created':
    case 'created_at':
      return compared(operator, value, (ticket) => ticket.created_at.slice(0, 10));
    case 'updated':
    case 'updated_at':
      return compared(operator, value, (ticket) => ticket.updated_at.slice(0, 10));
    default:
      // An unknown keyword matches nothing, as a field Zendesk does not have.
      return () => false;
  }
}

function compared<T extends string | number>(
  operator: string,
  value: string,
  of: (ticket: Ticket) => T,
  parse: (value: string) => T = (text) => text as T,
) {
  const wanted = parse(value);
  return (ticket: Ticket) => {
    const have = of(ticket);
    if (operator === '<') return have < wanted;
    if (operator === '>') return have > wanted;
    if (operator === '<=') return have <= wanted;
    if (operator === '>=') return have >= wanted;
    return have === wanted;
  };
}

const statusRank = (value: string) => TICKET_STATUSES.indexOf(value as TicketStatus);
/** Zendesk orders priorities low < normal < high < urgent (`TICKET_PRIORITIES` lists them the other way). */
const priorityRank = (value: string) => ['low', 'normal', 'high', 'urgent'].indexOf(value);

function isPerson(id: number | null, value: string, state: ZendeskState, callerId?: number): boolean {
  if (value === 'none') return id === null;
  if (id === null) return false;
  if (value === 'me') return id === callerId;
  if (/^\d+$/.test(value)) return id === Number(value);
  const user = state.users.get(id);
  return user !== undefined && (user.email.toLowerCase() === value || user.name.toLowerCase() === value);
}

/** Words, keeping a double-quoted phrase (`"group head"`, `tags:"a b"`) as one token. */
function tokens(query: string): string[] {
  return query.match(/-?[^\s"]*"[^"]*"|\S+/g) ?? [];
}

function unquoted(text: string): string {
  return text.replace(/^"(.*)"$/, '$1');
}
