import type { Context } from '@toolsteps/emulator';
import { GithubApiError, validationFailed } from './github-api-error.js';

const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 100;

export interface PaginateOptions {
  /**
   * Only the first this many items can be paged to (search: 1,000). A page starting past them is
   * refused with 422; the Link header still counts every item, as GitHub's does, which is how
   * clients that follow `next` blindly meet that 422.
   */
  available?: number;
}

/**
 * One page of `items` as GitHub serves lists: `per_page` (default 30, at most 100) and `page`
 * (from 1), with a `Link` header naming the first, prev, next and last pages as absolute URLs.
 */
export function paginate<T>(c: Context, items: readonly T[], options: PaginateOptions = {}): T[] {
  const url = new URL(c.req.url);
  const perPage = Math.min(
    MAX_PER_PAGE,
    positiveInt(url.searchParams.get('per_page'), 'per_page') ?? DEFAULT_PER_PAGE,
  );
  const page = positiveInt(url.searchParams.get('page'), 'page') ?? 1;
  const available = Math.min(items.length, options.available ?? items.length);
  if (options.available !== undefined && (page - 1) * perPage >= options.available) {
    throw new GithubApiError(422, `Only the first ${options.available} search results are available`);
  }
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (rel: string, number: number) => {
    const target = new URL(url);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(number));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link('prev', page - 1), link('first', 1));
  if (page < last) links.push(link('next', page + 1), link('last', last));
  if (links.length > 0) c.header('link', links.join(', '));
  return items.slice((page - 1) * perPage, Math.min(page * perPage, available));
}

function positiveInt(value: string | null, field: string): number | undefined {
  if (value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw validationFailed({
      resource: 'Pagination',
      code: 'invalid',
      field,
      message: `${field} must be a positive integer`,
    });
  }
  return number;
}
