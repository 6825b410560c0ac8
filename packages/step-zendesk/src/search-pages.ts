import { type StepContext, StepError, Type } from '@toolsteps/sdk';
import { exportTickets } from './export-pages.js';
import { ticketExportQuery } from './ticket-query.js';
import { type TicketJson, ticketOf } from './ticket-shapes.js';
import { zendeskRequest } from './zendesk-call.js';

/** Zendesk's search serves the first 1,000 results of a query (asking past them is a 422), 100 a page at most. */
export const SEARCH_RESULTS_CAP = 1_000;
const MAX_PER_PAGE = 100;
/** With `all` and no `limit`, a search stops here, so one step cannot read a huge result by accident. */
export const DEFAULT_ALL_LIMIT = 1_000;
/** The most `limit` may ask for: past it, narrow the query instead. */
export const MAX_LIMIT = 10_000;

/** The paging inputs of a search, named as Zendesk names them (plus `all` and `limit`, as every list step). */
export const SearchPageInput = {
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      description: 'Results per page (max 100, the default)',
    }),
  ),
  page: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'Page number to fetch (or to start from with all); pages past the 1,000th result are refused',
    }),
  ),
  all: Type.Optional(
    Type.Boolean({
      description: `Read page after page, up to limit results (default ${DEFAULT_ALL_LIMIT}); with a limit above ${SEARCH_RESULTS_CAP} and more matches than that, every match is read through the export search`,
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_LIMIT,
      description: `Only with all: stop after this many results (default ${DEFAULT_ALL_LIMIT}, at most ${MAX_LIMIT})`,
    }),
  ),
};

export interface SearchPaging {
  per_page?: number;
  page?: number;
  all?: boolean;
  limit?: number;
}

export interface SearchSort {
  sort_by?: string;
  sort_order?: string;
}

export interface SearchedTickets {
  tickets: TicketJson[];
  /** How many tickets match, even past the 1,000 that search serves. */
  count: number;
  capped: boolean;
  exported: boolean;
  next_page?: number;
}

const SearchPage = Type.Object({
  count: Type.Integer(),
  results: Type.Array(Type.Object({ id: Type.Integer() })),
  next_page: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

interface SearchAnswer {
  count: number;
  results: Record<string, unknown>[];
  next_page?: string | null;
}

/**
 * One page of a ticket search (`GET /api/v2/search.json`, offset pages), or with `all` page after
 * page up to `limit`. Search serves only the first 1,000 results: when more match, `all` from the
 * first page with a `limit` above 1,000 reads them through the export search instead (cursor pages,
 * newest created first, `sort_by` not applied). `limit` without `all` is refused before anything
 * is sent, as in every list step.
 */
export async function searchTicketPages(
  ctx: StepContext,
  query: string,
  sort: SearchSort,
  paging: SearchPaging,
): Promise<SearchedTickets> {
  if (paging.limit !== undefined && !paging.all) {
    throw new StepError({
      code: 'validation',
      field: '/args/limit',
      message: `limit applies only with all: true; to read fewer results from one page, set per_page (at most ${MAX_PER_PAGE}); nothing was sent`,
    });
  }
  const limit = paging.all ? (paging.limit ?? DEFAULT_ALL_LIMIT) : Number.POSITIVE_INFINITY;
  const perPage = paging.per_page ?? (paging.all ? Math.min(limit, MAX_PER_PAGE) : MAX_PER_PAGE);
  const firstPage = paging.page ?? 1;
  const startOf = (page: number) => (page - 1) * perPage;
  if (startOf(firstPage) >= SEARCH_RESULTS_CAP) {
    throw new StepError({
      code: 'validation',
      field: '/args/page',
      message: `Zendesk's search serves only the first ${SEARCH_RESULTS_CAP} results, and page ${firstPage} of ${perPage} starts past them: narrow the query (e.g. created>YYYY-MM-DD), or read every match with all: true and a limit above ${SEARCH_RESULTS_CAP}; nothing was sent`,
    });
  }
  const tickets: TicketJson[] = [];
  let count = 0;
  let nextPage: number | undefined;
  for (let page = firstPage; ; page += 1) {
    const answer = await zendeskRequest<SearchAnswer>(ctx, {
      method: 'GET',
      path: 'api/v2/search.json',
      query: { query, ...sort, page, per_page: perPage },
      expect: SearchPage,
    });
    count = answer.count;
    if (page === 1 && paging.all && count > SEARCH_RESULTS_CAP && limit > SEARCH_RESULTS_CAP) {
      const exported = await exportTickets(ctx, ticketExportQuery(query), { limit });
      return { tickets: exported.tickets, count, capped: false, exported: true };
    }
    const kept = Math.min(answer.results.length, limit - tickets.length);
    tickets.push(...answer.results.slice(0, kept).map(ticketOf));
    // Cut short: the rest of this page comes again by asking for this page.
    if (kept < answer.results.length) {
      nextPage = page;
      break;
    }
    const more =
      answer.results.length > 0 && Boolean(answer.next_page) && startOf(page + 1) < SEARCH_RESULTS_CAP;
    if (!more) break;
    if (!paging.all || tickets.length >= limit) {
      nextPage = page + 1;
      break;
    }
  }
  return {
    tickets,
    count,
    capped: count > SEARCH_RESULTS_CAP,
    exported: false,
    ...(nextPage === undefined ? {} : { next_page: nextPage }),
  };
}
