import type { Context, Hono } from '@toolsteps/engine/testing';
import { normaliseTags } from './ticket-changes.js';
import { jsonObject, ticketIn, type ZendeskApi } from './zendesk-api.js';
import { recordInvalid, recordNotFound } from './zendesk-errors.js';

/** Zendesk's tags API on a ticket: GET lists, POST sets, PUT adds, DELETE removes; each answers `{tags}`. */
export function registerTagRoutes(app: Hono, api: ZendeskApi): void {
  const change = (how: (current: string[], given: string[]) => string[]) => async (c: Context) => {
    const ticket = ticketIn(api, c);
    if (!ticket) return recordNotFound();
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const tags = body.tags;
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string'))
      return recordInvalid([
        { field: 'tags', error: 'InvalidValue', description: 'Tags: must be an array of strings' },
      ]);
    ticket.tags = how(ticket.tags, normaliseTags(tags));
    ticket.updated_at = api.state.isoNow();
    return c.json({ tags: ticket.tags });
  };
  app.get('/api/v2/tickets/:id/tags', (c) => {
    const ticket = ticketIn(api, c);
    return ticket ? c.json({ tags: ticket.tags }) : recordNotFound();
  });
  app.post(
    '/api/v2/tickets/:id/tags',
    change((_current, given) => given),
  );
  app.put(
    '/api/v2/tickets/:id/tags',
    change((current, given) => normaliseTags([...current, ...given])),
  );
  app.delete(
    '/api/v2/tickets/:id/tags',
    change((current, given) => current.filter((tag) => !given.includes(tag))),
  );
}
