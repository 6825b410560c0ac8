import type { Hono } from '@toolsteps/emulator';
import { pageOf } from './cursor-page.js';
import { includesUsers, sideloadedUsers, ticketIn, type ZendeskApi } from './zendesk-api.js';
import { recordNotFound } from './zendesk-errors.js';

/** A ticket's comments, oldest first (`sort=-created_at` for newest first), paged by cursor or offset. */
export function registerCommentRoutes(app: Hono, api: ZendeskApi): void {
  app.get('/api/v2/tickets/:id/comments', (c) => {
    const ticket = ticketIn(api, c);
    if (!ticket) return recordNotFound();
    const comments = c.req.query('sort') === '-created_at' ? [...ticket.comments].reverse() : ticket.comments;
    const page = pageOf(
      c,
      comments,
      (query) => `${api.origin()}/api/v2/tickets/${ticket.id}/comments.json?${query}`,
    );
    if (page instanceof Response) return page;
    return c.json({
      comments: page.items.map((comment) => api.json.comment(comment, ticket)),
      ...(includesUsers(c)
        ? {
            users: sideloadedUsers(
              api,
              page.items.map((comment) => comment.author_id),
            ),
          }
        : {}),
      ...page.paging,
    });
  });
}
