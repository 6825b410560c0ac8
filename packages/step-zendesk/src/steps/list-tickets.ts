import { defineStep, StepError, Type } from '@toolsteps/sdk';
import { EXPORT_PAGE_SIZE, exportTickets } from '../export-pages.js';
import { DEFAULT_ALL_LIMIT, MAX_LIMIT } from '../search-pages.js';
import { filtersQuery, TicketFilters } from '../ticket-filters.js';
import { ticketExportQuery } from '../ticket-query.js';
import { Ticket } from '../ticket-shapes.js';

/**
 * Zendesk's plain list (GET /api/v2/tickets) cannot filter, and its search serves 1,000 results at
 * most: the export search filters with the same language, pages by cursor and has no cap.
 */
export const listTickets = defineStep({
  id: 'zendesk.list_tickets',
  title: 'List Tickets',
  description: `Lists tickets, newest created first, optionally filtered by status, priority, assignee (id, email or none) and created or updated date range. Use it to list tickets by those fields; to find words in subjects or comments, use Search Tickets. Zendesk's plain ticket list cannot filter, so this uses its export search (GET /api/v2/search/export, filter[type]=ticket) with a query built from the filters, e.g. status:open assignee:marco@example.com created>2029-11-01: it pages by cursor and, unlike Search Tickets, has no 1,000-result cap. Zendesk indexes a new ticket for search within a few minutes.`,
  effect: 'read',
  input: Type.Object(
    {
      ...TicketFilters,
      page_size: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: EXPORT_PAGE_SIZE,
          description: 'Tickets per page (max 100, the default)',
        }),
      ),
      after_cursor: Type.Optional(
        Type.String({
          minLength: 1,
          description:
            'Continue after the page that gave this after_cursor (Zendesk expires it after an hour)',
        }),
      ),
      all: Type.Optional(
        Type.Boolean({
          description: `Read page after page, up to limit tickets (default ${DEFAULT_ALL_LIMIT})`,
        }),
      ),
      limit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_LIMIT,
          description: `Only with all: stop after this many tickets (default ${DEFAULT_ALL_LIMIT}, at most ${MAX_LIMIT})`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    tickets: Type.Array(Ticket),
    read: Type.Integer({ description: 'How many tickets this step returned' }),
    has_more: Type.Boolean({ description: 'True when more tickets match than were returned' }),
    after_cursor: Type.Union([Type.String(), Type.Null()], {
      description: 'Give it back as after_cursor to continue; null when none remain',
    }),
    query: Type.String({ description: 'The search query the filters made, as sent to Zendesk' }),
  }),
  run: async ({ page_size, after_cursor, all, limit, ...filters }, ctx) => {
    if (limit !== undefined && !all) {
      throw new StepError({
        code: 'validation',
        field: '/args/limit',
        message: `limit applies only with all: true; to read fewer tickets from one page, set page_size (at most ${EXPORT_PAGE_SIZE}); nothing was sent`,
      });
    }
    const query = ticketExportQuery(filtersQuery(filters));
    const pageSize = page_size ?? EXPORT_PAGE_SIZE;
    const listed = await exportTickets(ctx, query, {
      limit: all ? (limit ?? DEFAULT_ALL_LIMIT) : pageSize,
      pageSize,
      after: after_cursor,
    });
    return { ...listed, read: listed.tickets.length, query };
  },
});
