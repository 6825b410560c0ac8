import type { Context } from '@toolsteps/emulator';

const MAX_PAGE_SIZE = 100;

/**
 * One page of a list, as Zendesk pages it. With any `page[...]` parameter: cursor pagination
 * (`page[size]`, `page[after]`, `page[before]`), answering `meta.has_more`, `meta.after_cursor`,
 * `meta.before_cursor` and `links.next`/`links.prev`. Otherwise offset pagination (`page`,
 * `per_page`), answering `next_page`, `previous_page` and `count`.
 */
export function pageOf<T>(
  c: Context,
  items: readonly T[],
  publicUrl: (query: URLSearchParams) => string,
): { items: T[]; paging: Record<string, unknown> } | Response {
  const url = new URL(c.req.url);
  const cursorStyle = [...url.searchParams.keys()].some((key) => key.startsWith('page['));
  const size = Number(url.searchParams.get(cursorStyle ? 'page[size]' : 'per_page') ?? MAX_PAGE_SIZE);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    return c.json(
      { error: 'InvalidPaginationParameter', description: `page size must be 1 to ${MAX_PAGE_SIZE}` },
      400,
    );
  }
  if (!cursorStyle) {
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const start = (page - 1) * size;
    const at = (number: number) => {
      const query = new URLSearchParams(url.searchParams);
      query.set('page', String(number));
      query.set('per_page', String(size));
      return publicUrl(query);
    };
    return {
      items: items.slice(start, start + size),
      paging: {
        next_page: start + size < items.length ? at(page + 1) : null,
        previous_page: page > 1 ? at(page - 1) : null,
        count: items.length,
      },
    };
  }
  const after = url.searchParams.get('page[after]');
  const before = url.searchParams.get('page[before]');
  let start = 0;
  let end = Math.min(items.length, size);
  if (after !== null) {
    const position = decodeCursor(after);
    if (position === undefined) return invalidCursor(c);
    start = position + 1;
    end = Math.min(items.length, start + size);
  } else if (before !== null) {
    const position = decodeCursor(before);
    if (position === undefined) return invalidCursor(c);
    end = Math.max(0, position);
    start = Math.max(0, end - size);
  }
  const slice = items.slice(start, end);
  const link = (key: 'page[after]' | 'page[before]', cursor: string) => {
    const query = new URLSearchParams(url.searchParams);
    query.delete('page[after]');
    query.delete('page[before]');
    query.set('page[size]', String(size));
    query.set(key, cursor);
    return publicUrl(query);
  };
  const afterCursor = slice.length > 0 ? encodeCursor(end - 1) : null;
  const beforeCursor = slice.length > 0 ? encodeCursor(start) : null;
  const hasMore = end < items.length;
  return {
    items: slice,
    paging: {
      meta: { has_more: hasMore, after_cursor: afterCursor, before_cursor: beforeCursor },
      links: {
        prev: beforeCursor && start > 0 ? link('page[before]', beforeCursor) : null,
        next: afterCursor && hasMore ? link('page[after]', afterCursor) : null,
      },
    },
  };
}

/** Opaque to callers, as Zendesk's are: the position of an item in the list. */
function encodeCursor(position: number): string {
  return Buffer.from(JSON.stringify({ o: position })).toString('base64url');
}

function decodeCursor(cursor: string): number | undefined {
  try {
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).o;
    return Number.isInteger(position) && position >= 0 ? position : undefined;
  } catch {
    return undefined;
  }
}

function invalidCursor(c: Context): Response {
  return c.json({ error: 'InvalidPaginationParameter', description: 'cursor is invalid' }, 400);
}
