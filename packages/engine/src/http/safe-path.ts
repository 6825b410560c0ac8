import { type QueryValue, StepError } from '@toolsteps/sdk';
import { cutBeforeToken } from '@toolsteps/sdk/schema';
import { appendQuery } from './query-string.js';

/** A request's URL under the base URL, and the same relative to it for exchanges and messages. */
export interface ResolvedUrl {
  url: URL;
  /** Path and query relative to the base URL, starting with `/`. */
  relative: string;
}

/**
 * Joins a step's path to the account's base URL. Anything that could point elsewhere (a scheme,
 * `//host`, backslashes, encoded dot segments, `..` climbing out of the base path) is refused, so
 * credentials only ever go to the account's own API.
 */
export function resolveRequestUrl(
  baseUrl: URL,
  path: string,
  query?: Record<string, QueryValue>,
): ResolvedUrl {
  if (typeof path !== 'string') throw refused(String(path), 'is not a string');
  if (hasControlOrBackslash(path)) throw refused(path, 'contains a backslash or a control character');
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    throw refused(path, "is an absolute URL: give a path under the account's base URL instead");
  }
  if (path.startsWith('//')) throw refused(path, 'starts with "//", which names another host');
  if (path.includes('#'))
    throw refused(path, 'contains "#": percent-encode it (%23) if it belongs to the path');

  const queryStart = path.indexOf('?');
  const rawPath = queryStart === -1 ? path : path.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? '' : path.slice(queryStart);
  checkSegments(path, rawPath);

  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  const tail = rawPath.replace(/^\/+/, '');
  const url = new URL(
    `${baseUrl.origin}${basePath}${tail === '' && rawPath === '' ? '' : `/${tail}`}${rawQuery}`,
  );
  if (relativeToBase(baseUrl, url) === undefined) throw refused(path, "leads outside the account's base URL");
  appendQuery(url, query);
  return { url, relative: relativeToBase(baseUrl, url) as string };
}

/** A URL's path and query relative to the base URL (starting with `/`), or undefined when it lies outside. */
export function relativeToBase(baseUrl: URL, url: URL): string | undefined {
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  const inside = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
  if (url.origin !== baseUrl.origin || !inside) return undefined;
  const relative = url.pathname.slice(basePath.length);
  return `${relative.startsWith('/') ? '' : '/'}${relative}${url.search}`;
}

/** `..` may move within the base path but never above it; encoded dot segments are always refused. */
function checkSegments(path: string, rawPath: string): void {
  let depth = 0;
  for (const segment of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw refused(path, 'has invalid percent-encoding');
    }
    if (decoded !== segment && decoded.split(/[/\\]/).some((part) => part === '..' || part === '.')) {
      throw refused(path, 'hides a "." or ".." segment in percent-encoding');
    }
    if (decoded !== segment && hasControlOrBackslash(decoded)) {
      throw refused(path, 'hides a backslash or a control character in percent-encoding');
    }
    if (segment === '..') depth -= 1;
    else if (segment !== '.' && segment !== '') depth += 1;
    if (depth < 0) throw refused(path, 'climbs above the account\'s base URL with ".."');
  }
}

function hasControlOrBackslash(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

function refused(path: string, why: string): StepError {
  // The query is left out: it may carry a credential someone pasted (?access_token=…).
  const queryAt = path.indexOf('?');
  const withoutQuery = queryAt === -1 ? path : `${path.slice(0, queryAt)}?…`;
  const shown = cutBeforeToken(withoutQuery, 120);
  return new StepError({
    code: 'validation',
    message: `Request path ${JSON.stringify(shown)} ${why}; nothing was sent`,
    details: { path: shown },
  });
}
