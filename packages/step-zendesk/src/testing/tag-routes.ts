import type { Context, Hono } from '@toolsteps/emulator';
import { snapshotTicket, ticketChange } from './ticket-change.js';
import { normaliseTags } from './ticket-changes.js';
import { runTicketTriggers } from './ticket-triggers.js';
import { callerIn, jsonObject, ticketIn, type ZendeskApi } from './zendesk-api.js';
import { recordInvalid, recordNotFound } from './zendesk-errors.js';

/**
 * Zendesk's tags API on a ticket: GET lists, POST sets (201), PUT adds (200), each answering `{tags}`;
 * DELETE removes and answers 204 without a body, as Zendesk's description documents. A change is a
 * ticket update like any other: the account's triggers run over it.
 */
export function registerTagRoutes(app: Hono, api: ZendeskApi): void {
  const change =
    (how: (current: string[], given: string[]) => string[], status: 200 | 201 | 204 = 200) =>
    async (c: Context) => {
      const ticket = ticketIn(api, c);
      if (!ticket) return recordNotFound();
      const body = await jsonObject(c);
      if (body instanceof Response) return body;
      const tags = body.tags;
      if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string'))
        return recordInvalid([
          { field: 'tags', error: 'InvalidValue', description: 'Tags: must be an array of strings' },
        ]);
      const before = snapshotTicket(ticket);
      ticket.tags = how(ticket.tags, normaliseTags(tags));
      ticket.updated_at = api.state.isoNow();
      runTicketTriggers(api, ticketChange(before, ticket, callerIn(api, c)));
      return status === 204 ? c.body(null, 204) : c.json({ tags: ticket.tags }, status);
    };
  app.get('/api/v2/tickets/:id/tags', (c) => {
    const ticket = ticketIn(api, c);
    return ticket ? c.json({ tags: ticket.tags }) : recordNotFound();
  });
  app.post(
    '/api/v2/tickets/:id/tags',
    change((_current, given) => given, 201),
  );
  app.put(
    '/api/v2/tickets/:id/tags',
    change((current, given) => normaliseTags([...current, ...given])),
  );
  app.delete(
    '/api/v2/tickets/:id/tags',
    change((current, given) => current.filter((tag) => !given.includes(tag)), 204),
  );
}
