import { randomBytes } from 'node:crypto';
import type { Hono } from '@toolsteps/emulator';
import { pageOf } from './cursor-page.js';
import { idParam, type ZendeskApi } from './zendesk-api.js';
import { recordNotFound } from './zendesk-errors.js';

/**
 * Soft-deleted tickets: list, restore, and delete permanently. Zendesk runs a permanent deletion as
 * a background job and answers its `job_status`; the emulator deletes at once and answers the job
 * as completed.
 */
export function registerDeletedTicketRoutes(app: Hono, api: ZendeskApi): void {
  const { state } = api;

  app.get('/api/v2/deleted_tickets', (c) => {
    const all = [...state.deletedTickets.values()].sort((a, b) => a.ticket.id - b.ticket.id);
    const page = pageOf(c, all, (query) => `${api.origin()}/api/v2/deleted_tickets.json?${query}`);
    if (page instanceof Response) return page;
    return c.json({
      deleted_tickets: page.items.map((deleted) => {
        const actor = state.users.get(deleted.actor_id);
        return {
          id: deleted.ticket.id,
          subject: deleted.ticket.subject,
          actor: { id: deleted.actor_id, name: actor?.name ?? 'Unknown' },
          deleted_at: deleted.deleted_at,
          previous_state: deleted.previous_state,
        };
      }),
      ...page.paging,
    });
  });

  app.put('/api/v2/deleted_tickets/:id/restore', (c) => {
    const deleted = state.deletedTickets.get(idParam(c) ?? 0);
    if (!deleted) return recordNotFound();
    state.deletedTickets.delete(deleted.ticket.id);
    state.tickets.set(deleted.ticket.id, deleted.ticket);
    // "Empty response": the description documents it as the JSON string "".
    return c.json('', 200);
  });

  app.delete('/api/v2/deleted_tickets/:id', (c) => {
    const deleted = state.deletedTickets.get(idParam(c) ?? 0);
    if (!deleted) return recordNotFound();
    state.deletedTickets.delete(deleted.ticket.id);
    const id = randomBytes(16).toString('hex');
    return c.json({
      job_status: {
        id,
        job_type: 'TicketDeletionJob',
        url: `${api.origin()}/api/v2/job_statuses/${id}.json`,
        total: 1,
        progress: 1,
        status: 'completed',
        message: `Completed at ${state.isoNow()}`,
        results: null,
      },
    });
  });
}
