import type { Context } from '@toolsteps/emulator';

/** The API root the request came in on: the origin, plus `/api/v3` when addressed as GitHub Enterprise Server. */
export function apiBase(c: Context): string {
  const url = new URL(c.req.url);
  return url.pathname.startsWith('/api/v3/') ? `${url.origin}/api/v3` : url.origin;
}

/** The web address GitHub puts in `html_url` fields. */
export function htmlBase(c: Context): string {
  return new URL(c.req.url).origin;
}
