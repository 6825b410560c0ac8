import { type QueryValue, type StepContext, StepError, Type } from '@toolsteps/engine';
import LinkHeader from 'http-link-header';
import { githubBaseUrl } from './connection.js';

/** The paging inputs every list step takes, named as GitHub names them (plus `all` and `limit`). */
export const PageInput = {
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      description: 'Results per page (max 100); default 30, or 100 with all',
    }),
  ),
  page: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Page number to fetch (or to start from with all)' }),
  ),
  all: Type.Optional(
    Type.Boolean({ description: 'Follow Link rel="next" through every page (up to limit)' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: 'With all: stop after this many results' })),
};

export interface PageOptions {
  per_page?: number;
  page?: number;
  all?: boolean;
  limit?: number;
}

/** The next page number a list step reports when it did not follow every page. */
export const NextPage = Type.Optional(
  Type.Integer({ description: 'The page to ask for next; absent on the last page' }),
);

export interface ListedPage<T> {
  items: T[];
  next_page?: number;
  /** The first page's body, for wrapped lists (`total_count` and the like). */
  first: unknown;
}

/**
 * Reads one page, or with `all` every page by following `Link: rel="next"` until `limit` results.
 * `itemsOf` picks the array out of a body: the body itself, or e.g. `workflow_runs` of a wrapper.
 */
export async function listPages<T>(
  ctx: StepContext,
  path: string,
  query: Record<string, QueryValue>,
  paging: PageOptions,
  itemsOf: (body: unknown) => T[] = (body) => body as T[],
): Promise<ListedPage<T>> {
  const perPage = paging.per_page ?? (paging.all ? 100 : undefined);
  let next: string | undefined = path;
  let nextQuery: Record<string, QueryValue> | undefined = { ...query, per_page: perPage, page: paging.page };
  const items: T[] = [];
  let first: unknown;
  let nextPage: number | undefined;
  while (next !== undefined) {
    const response: { body: unknown; headers: Record<string, string> } = await ctx.http.request({
      method: 'GET',
      path: next,
      query: nextQuery,
    });
    first ??= response.body;
    items.push(...itemsOf(response.body));
    const link = nextLink(ctx, response.headers.link);
    nextPage = link?.page;
    const enough = paging.limit !== undefined && items.length >= paging.limit;
    next = paging.all && !enough ? link?.path : undefined;
    nextQuery = undefined;
  }
  const kept = paging.limit === undefined ? items : items.slice(0, paging.limit);
  return { items: kept, first, ...(nextPage !== undefined && !paging.all ? { next_page: nextPage } : {}) };
}

/** The `rel="next"` target as a path under the account's base URL, and its page number. */
function nextLink(ctx: StepContext, header: string | undefined): { path: string; page?: number } | undefined {
  if (header === undefined || header === '') return undefined;
  const target = LinkHeader.parse(header).rel('next')[0]?.uri;
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
