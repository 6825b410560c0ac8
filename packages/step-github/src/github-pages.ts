import {
  type QueryValue,
  type Static,
  type StepContext,
  StepError,
  type TSchema,
  Type,
} from '@toolsteps/sdk';
import { githubBaseUrl } from './connection.js';
import { linkHeaderLibrary } from './link-header-library.js';

/** GitHub's page size when none is asked for, and the most it serves on one page. */
const GITHUB_PER_PAGE = 30;
const MAX_PER_PAGE = 100;
/** With `all` and no `limit`, a list stops here, so one step cannot read a huge list by accident. */
export const DEFAULT_ALL_LIMIT = 1_000;
/** The most `limit` may ask for: past it, narrow the list with its filters instead. */
export const MAX_LIMIT = 10_000;

/** The paging inputs every list step takes, named as GitHub names them (plus `all` and `limit`). */
export const PageInput = {
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      description: 'Results per page (max 100); default 30, or with all the smaller of limit and 100',
    }),
  ),
  page: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Page number to fetch (or to start from with all)' }),
  ),
  all: Type.Optional(
    Type.Boolean({
      description: `Follow Link rel="next" from page to page, up to limit results (default ${DEFAULT_ALL_LIMIT})`,
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

const PageOptionsSchema = Type.Object(PageInput);
export type PageOptions = Static<typeof PageOptionsSchema>;

/** The next page number a list step reports when results remain that it did not return. */
export const NextPage = Type.Optional(
  Type.Integer({
    description:
      'The page (at the same per_page) holding the first result not returned; absent when none remain',
  }),
);

export interface ListedPage<T> {
  items: T[];
  next_page?: number;
  /** The first page's body, for wrapped lists (`total_count` and the like). */
  first: unknown;
}

export interface ListOptions<T> {
  /** Picks the array out of a body: the body itself by default, or e.g. `workflow_runs` of a wrapper. */
  itemsOf?: (body: unknown) => T[];
  /** Results past this many (counted from the list's start) cannot be fetched: search serves 1,000. */
  reachable?: number;
  /** What the step reads of each page's body (`HttpRequest.expect`), e.g. `Type.Array(Commit)`. */
  expect?: TSchema;
}

/**
 * Reads one page, or with `all` follows `Link: rel="next"` until `limit` results (default 1,000).
 * Pages are never fetched past `reachable`. `limit` without `all` is refused before anything is
 * sent: cutting one page short would hide results that no `next_page` leads back to.
 */
export async function listPages<T>(
  ctx: StepContext,
  path: string,
  query: Record<string, QueryValue>,
  paging: PageOptions,
  options: ListOptions<T> = {},
): Promise<ListedPage<T>> {
  const { itemsOf = (body: unknown) => body as T[], reachable = Number.POSITIVE_INFINITY, expect } = options;
  if (paging.limit !== undefined && !paging.all) {
    throw new StepError({
      code: 'validation',
      field: '/args/limit',
      message: `limit applies only with all: true; to read fewer results from one page, set per_page (at most ${MAX_PER_PAGE})`,
    });
  }
  const limit = paging.all ? (paging.limit ?? DEFAULT_ALL_LIMIT) : Number.POSITIVE_INFINITY;
  const perPage = paging.per_page ?? (paging.all ? Math.min(limit, MAX_PER_PAGE) : GITHUB_PER_PAGE);
  const startOf = (page: number) => (page - 1) * perPage;
  let page: number | undefined = paging.page ?? 1;
  if (startOf(page) >= reachable) {
    throw new StepError({
      code: 'validation',
      field: '/args/page',
      message: `GitHub serves only the first ${reachable} results here, and page ${page} of ${perPage} starts past them; narrow the query instead`,
    });
  }
  let target: { path: string; query?: Record<string, QueryValue> } | undefined = {
    path,
    query: { ...query, per_page: paging.all ? perPage : paging.per_page, page: paging.page },
  };
  const items: T[] = [];
  let first: unknown;
  let nextPage: number | undefined;
  while (target !== undefined) {
    const response: { body: unknown; headers: Record<string, string> } = await ctx.http.request({
      method: 'GET',
      ...target,
      expect,
    });
    first ??= response.body;
    const found = itemsOf(response.body);
    const servable = page === undefined ? found.length : reachable - startOf(page);
    const kept = Math.min(found.length, limit - items.length, servable);
    items.push(...found.slice(0, kept));
    target = undefined;
    if (kept < found.length) {
      // Cut short: the rest of this page comes again by asking for this page, unless it is unreachable.
      if (page !== undefined && startOf(page) + kept < reachable) nextPage = page;
      break;
    }
    const link = nextLink(ctx, response.headers.link);
    const following = link?.page;
    if (link === undefined || (following !== undefined && startOf(following) >= reachable)) break;
    if (!paging.all || items.length >= limit) {
      nextPage = following;
      break;
    }
    target = { path: link.path };
    page = following;
  }
  return { items, first, ...(nextPage === undefined ? {} : { next_page: nextPage }) };
}

/** The `rel="next"` target as a path under the account's base URL, and its page number. */
function nextLink(ctx: StepContext, header: string | undefined): { path: string; page?: number } | undefined {
  if (header === undefined || header === '') return undefined;
  const target = linkHeaderLibrary().parse(header).rel('next')[0]?.uri;
  if (target === undefined) return undefined;
  const base = githubBaseUrl(ctx.account);
  const url = new URL(target, `${base}/`);
  const root = new URL(`${base}/`);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) {
    throw new StepError({
      code: 'upstream',
      message: `GitHub's next-page link points outside the account's API root (${url.origin}); it was not followed`,
    });
  }
  const page = Number(url.searchParams.get('page'));
  return {
    path: `${url.pathname.slice(root.pathname.length)}${url.search}`,
    ...(Number.isInteger(page) && page > 0 ? { page } : {}),
  };
}
