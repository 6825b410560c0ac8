import type { Context, Hono } from '@toolsteps/emulator';
import { parseSearchQuery } from './search-query.js';
import { callerIn, type ZendeskApi } from './zendesk-api.js';
import { TICKET_PRIORITIES, TICKET_STATUSES, type Ticket } from './zendesk-model.js';

/** Zendesk serves the first 1,000 results of a search, 100 a page at most. */
export const SEARCH_RESULTS_CAP = 1_000;
const MAX_PER_PAGE = 100;
/** The export serves up to 1,000 a page. */
const MAX_EXPORT_PAGE_SIZE = 1_000;

const SORTS: Record<string, (ticket: Ticket) => string | number> = {
  created_at: (ticket) => ticket.created_at,
  updated_at: (ticket) => ticket.updated_at,
  priority: (ticket) => (ticket.priority === null ? -1 : 3 - TICKET_PRIORITIES.indexOf(ticket.priority)),
  status: (ticket) => TICKET_STATUSES.indexOf(ticket.status),
  ticket_type: (ticket) => ticket.type ?? '',
};

/**
 * Search (offset pages, capped at 1,000 results), its count, and its export (cursor pages, no cap,
 * one object type named by `filter[type]`, newest first). Only tickets are searched.
 */
export function registerSearchRoutes(app: Hono, api: ZendeskApi): void {
  const { state, json } = api;
  const found = (query: string, c: Context) => {
    const parsed = parseSearchQuery(query, state, callerIn(api, c).id);
    const tickets =
      parsed.type === undefined || parsed.type === 'ticket'
        ? [...state.tickets.values()].filter(parsed.matches)
        : [];
    return { parsed, tickets };
  };
  const result = (ticket: Ticket) => ({ ...json.ticket(ticket), result_type: 'ticket' });

  app.get('/api/v2/search', (c) => {
    const query = c.req.query('query');
    if (query === undefined) return invalidSearch(c, 'query is required');
    const perPage = Number(c.req.query('per_page') ?? MAX_PER_PAGE);
    const page = Number(c.req.query('page') ?? 1);
    if (
      !Number.isInteger(perPage) ||
      perPage < 1 ||
      perPage > MAX_PER_PAGE ||
      !Number.isInteger(page) ||
      page < 1
    )
      return invalidSearch(c, `page must be a positive integer and per_page 1 to ${MAX_PER_PAGE}`);
    const start = (page - 1) * perPage;
    if (start >= SEARCH_RESULTS_CAP) {
      // Zendesk's answer to a page past the first 1,000 results (page=11 at 100 a page).
      return c.json(
        {
          error: 'invalid',
          description: 'Invalid search: Requested response size was greater than Search Response Limits',
        },
        422,
      );
    }
    const tickets = sorted(found(query, c).tickets, c.req.query('sort_by'), c.req.query('sort_order'));
    const end = Math.min(start + perPage, tickets.length, SEARCH_RESULTS_CAP);
    const at = (number: number) => {
      const params = new URL(c.req.url).searchParams;
      params.set('page', String(number));
      params.set('per_page', String(perPage));
      return `${api.origin()}/api/v2/search.json?${params}`;
    };
    return c.json({
      results: tickets.slice(start, end).map(result),
      facets: null,
      // No link to a page the cap would refuse.
      next_page: end < Math.min(tickets.length, SEARCH_RESULTS_CAP) ? at(page + 1) : null,
      previous_page: page > 1 ? at(page - 1) : null,
      // The whole count, even past the 1,000 served.
      count: tickets.length,
    });
  });

  app.get('/api/v2/search/count', (c) => {
    const query = c.req.query('query');
    if (query === undefined) return invalidSearch(c, 'query is required');
    return c.json({ count: found(query, c).tickets.length });
  });

  app.get('/api/v2/search/export', (c) => {
    const query = c.req.query('query');
    if (query === undefined) return invalidSearch(c, 'query is required');
    const filterType = c.req.query('filter[type]');
    if (filterType === undefined)
      return invalidSearch(c, 'filter[type] is required: ticket, organization, user or group');
    const { parsed, tickets } = found(query, c);
    if (parsed.type !== undefined)
      return invalidSearch(c, 'The export takes the type in filter[type], not as type: in the query');
    const size = Number(c.req.query('page[size]') ?? MAX_PER_PAGE);
    if (!Number.isInteger(size) || size < 1 || size > MAX_EXPORT_PAGE_SIZE)
      return invalidSearch(c, `page[size] must be 1 to ${MAX_EXPORT_PAGE_SIZE}`);
    const after = c.req.query('page[after]');
    const start = after === undefined ? 0 : decodeCursor(after);
    if (start === undefined) return invalidSearch(c, 'page[after] is not a cursor of this export');
    const ordered = filterType === 'ticket' ? newestFirst(tickets) : [];
    const end = Math.min(start + size, ordered.length);
    const hasMore = end < ordered.length;
    const afterCursor = end > start ? encodeCursor(end) : null;
    const params = new URL(c.req.url).searchParams;
    params.set('page[size]', String(size));
    if (afterCursor !== null) params.set('page[after]', afterCursor);
    return c.json({
      results: ordered.slice(start, end).map(result),
      facets: null,
      meta: { has_more: hasMore, after_cursor: afterCursor, before_cursor: null },
      // Backward paging is not supported: prev is always null.
      links: { prev: null, next: hasMore ? `${api.origin()}/api/v2/search/export.json?${params}` : null },
    });
  });
}

/** `sort_by` and `sort_order` (default desc); without sort_by, by relevance, which here is by id. */
function sorted(tickets: Ticket[], sortBy: string | undefined, sortOrder: string | undefined): Ticket[] {
  const key = sortBy === undefined ? undefined : SORTS[sortBy];
  if (key === undefined) return [...tickets].sort((a, b) => a.id - b.id);
  const direction = sortOrder === 'asc' ? 1 : -1;
  return [...tickets].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -direction : x > y ? direction : a.id - b.id;
  });
}

/** The export's only order: created_at, newest first, then id. */
function newestFirst(tickets: Ticket[]): Ticket[] {
  return [...tickets].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id - b.id);
}

function invalidSearch(c: Context, why: string): Response {
  return c.json({ error: 'invalid', description: `Invalid search: ${why}` }, 400);
}

/** Opaque to callers, as Zendesk's are: where the next page starts. */
function encodeCursor(position: number): string {
  return Buffer.from(JSON.stringify({ field: 'created_at', desc: true, exportedThusFar: position })).toString(
    'base64url',
  );
}

function decodeCursor(cursor: string): number | undefined {
  try {
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).exportedThusFar;
    return Number.isInteger(position) && position >= 0 ? position : undefined;
  } catch {
    return undefined;
  }
}
