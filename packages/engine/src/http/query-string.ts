import type { QueryValue } from '@toolsteps/sdk';

/** Appends a query object to a URL: arrays repeat their key, undefined and null are left out. */
export function appendQuery(url: URL, query: Record<string, QueryValue> | undefined): void {
  if (query === undefined) return;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: ReadonlyArray<unknown> = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) url.searchParams.append(key, String(item));
    }
  }
}
