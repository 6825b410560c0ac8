import type { Hono } from '@toolsteps/emulator';
import { pageOf } from './cursor-page.js';
import { idempotencyMismatch } from './idempotency-keys.js';
import { snapshotTicket, ticketChange } from './ticket-change.js';
import { applyTicketChanges } from './ticket-changes.js';
import { runTicketTriggers } from './ticket-triggers.js';
import {
  callerIn,
  includesUsers,
  jsonObject,
  sideloadedUsers,
  ticketIn,
  type ZendeskApi,
} from './zendesk-api.js';
import { recordInvalid, recordNotFound } from './zendesk-errors.js';
import type { Ticket } from './zendesk-model.js';

/**
 * Tickets: list (by `external_id` too), create (with an optional `Idempotency-Key`, see
 * `idempotency-keys.ts`), show, update, delete (a soft delete: see `deleted-ticket-routes.ts`).
 */
export function registerTicketRoutes(app: Hono, api: ZendeskApi): void {
  const { state, json } = api;
  const withUsers = (tickets: Ticket[]) =>
    sideloadedUsers(
      api,
      tickets.flatMap((ticket) => [ticket.requester_id, ticket.submitter_id, ticket.assignee_id]),
    );

  app.get('/api/v2/tickets', (c) => {
    // `external_id` lists the tickets linked to that record (several may be).
    const externalId = c.req.query('external_id');
    const all = [...state.tickets.values()]
      .filter((ticket) => externalId === undefined || ticket.external_id === externalId)
      .sort((a, b) => a.id - b.id);
    const page = pageOf(c, all, (query) => `${api.origin()}/api/v2/tickets.json?${query}`);
    if (page instanceof Response) return page;
    return c.json({
      tickets: page.items.map((ticket) => json.ticket(ticket)),
      ...(includesUsers(c) ? { users: withUsers(page.items) } : {}),
      ...page.paging,
    });
  });

  app.post('/api/v2/tickets', async (c) => {
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const key = c.req.header('idempotency-key');
    const kept = key === undefined ? undefined : state.idempotencyKeys.lookup(key);
    if (kept !== undefined) {
      if (kept.request !== JSON.stringify(body)) return idempotencyMismatch();
      c.header('x-idempotency-lookup', 'hit');
      c.header('location', kept.location);
      return c.json(kept.answer, 201);
    }
    const input = body.ticket;
    if (input === null || typeof input !== 'object')
      return recordInvalid([{ field: 'ticket', error: 'BlankValue', description: 'Ticket: is missing' }]);
    const caller = callerIn(api, c);
    const now = state.isoNow();
    const ticket: Ticket = {
      id: state.nextId('ticket', 1045),
      subject: '',
      description: '',
      status: 'new',
      priority: null,
      type: null,
      requester_id: caller.id,
      submitter_id: caller.id,
      assignee_id: null,
      organization_id: caller.organization_id,
      tags: [],
      custom_fields: [],
      comments: [],
      created_at: now,
      updated_at: now,
    };
    applyTicketChanges(state, ticket, input as Record<string, unknown>, caller, true);
    state.tickets.set(ticket.id, ticket);
    runTicketTriggers(api, ticketChange(undefined, ticket, caller));
    const answer = { ticket: json.ticket(ticket), audit: audit(ticket, caller.id) };
    const location = `${api.origin()}/api/v2/tickets/${ticket.id}.json`;
    if (key !== undefined) {
      state.idempotencyKeys.keep(key, { request: JSON.stringify(body), answer, location });
      c.header('x-idempotency-lookup', 'miss');
    }
    c.header('location', location);
    return c.json(answer, 201);
  });

  app.get('/api/v2/tickets/:id', (c) => {
    const ticket = ticketIn(api, c);
    if (!ticket) return recordNotFound();
    return c.json({
      ticket: json.ticket(ticket),
      ...(includesUsers(c) ? { users: withUsers([ticket]) } : {}),
    });
  });

  app.put('/api/v2/tickets/:id', async (c) => {
    const ticket = ticketIn(api, c);
    if (!ticket) return recordNotFound();
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const input = body.ticket;
    if (input === null || typeof input !== 'object')
      return recordInvalid([{ field: 'ticket', error: 'BlankValue', description: 'Ticket: is missing' }]);
    const caller = callerIn(api, c);
    const before = snapshotTicket(ticket);
    applyTicketChanges(state, ticket, input as Record<string, unknown>, caller, false);
    runTicketTriggers(api, ticketChange(before, ticket, caller));
    return c.json({ ticket: json.ticket(ticket), audit: audit(ticket, caller.id) });
  });

  app.delete('/api/v2/tickets/:id', (c) => {
    const ticket = ticketIn(api, c);
    if (!ticket) return recordNotFound();
    // A soft delete, as Zendesk's: the ticket moves to the deleted tickets until restored or deleted for good.
    state.tickets.delete(ticket.id);
    state.deletedTickets.set(ticket.id, {
      ticket,
      deleted_at: state.isoNow(),
      actor_id: callerIn(api, c).id,
      previous_state: ticket.status,
    });
    return c.body(null, 204);
  });
}

/** A summary of the audit Zendesk records with each change (its events are left out). */
function audit(ticket: Ticket, authorId: number) {
  return {
    id: ticket.comments.at(-1)?.id ?? ticket.id,
    ticket_id: ticket.id,
    author_id: authorId,
    created_at: ticket.updated_at,
    events: [],
  };
}
