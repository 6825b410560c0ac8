import { type QueryValue, type StepContext, StepError, type TSchema } from '@toolsteps/sdk';

/** A probe reads this many pages of 100 at most: it answers quickly, or says it cannot tell. */
export const PROBE_PAGES = 3;
const PER_PAGE = 100;

export interface PageSearch<T> {
  /** What is searched, for the message when the pages run out, e.g. `issues of octo-org/hello-world`. */
  what: string;
  path: string;
  query: Record<string, QueryValue>;
  /** What the probe reads of each page (`HttpRequest.expect`), e.g. `Type.Array(Issue)`. */
  expect: TSchema;
  matches: (item: T) => boolean;
  /** True when no later page can hold a match (e.g. older than the send in a newest-first list). */
  beyond?: (item: T) => boolean;
}

/**
 * The first item of a GitHub list that matches, or undefined once the list is read to its end (or
 * past where a match could be). A list longer than {@link PROBE_PAGES} pages fails instead: "not
 * found" must mean the write did not happen, or the resumed run would repeat it.
 */
export async function findOnPages<T>(ctx: StepContext, search: PageSearch<T>): Promise<T | undefined> {
  for (let page = 1; page <= PROBE_PAGES; page++) {
    const { body } = await ctx.http.request<T[]>({
      method: 'GET',
      path: search.path,
      query: { ...search.query, per_page: PER_PAGE, page },
      expect: search.expect,
    });
    const found = body.find(search.matches);
    if (found !== undefined) return found;
    const last = body.at(-1);
    if (body.length < PER_PAGE || last === undefined || search.beyond?.(last)) return undefined;
  }
  throw new StepError({
    code: 'unsupported',
    message: `Read ${PROBE_PAGES * PER_PAGE} ${search.what} without finding the write's marker, and more remain: whether it happened is unknown`,
  });
}
