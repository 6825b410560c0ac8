import type { HttpMethod } from '@toolsteps/sdk';
import type { ReceivedResponse } from './response-error.js';
import { relativeToBase } from './safe-path.js';
import type { SendTarget } from './send-once.js';

export const MAX_REDIRECTS = 5;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Where a redirect leads, when it stays under the account's base URL; otherwise undefined and the
 * 3xx is answered as is. Followed by hand (ky's `redirect: 'manual'`) so no credential header ever
 * follows a redirect to another host.
 */
export function redirectTarget(
  response: ReceivedResponse,
  from: SendTarget,
  baseUrl: URL,
): SendTarget | undefined {
  const location = response.headers.location;
  if (!REDIRECTS.has(response.status) || !location || !URL.canParse(location, from.url.href))
    return undefined;
  const url = new URL(location, from.url);
  const relative = relativeToBase(baseUrl, url);
  if (relative === undefined) return undefined;
  // As browsers do: 303 always, and 301/302 after a POST, continue as a GET without the body.
  const toGet =
    response.status === 303 ||
    ((response.status === 301 || response.status === 302) && from.method === 'POST');
  const method: HttpMethod = toGet && from.method !== 'HEAD' ? 'GET' : from.method;
  return { url, relative, method, body: method === from.method ? from.body : undefined };
}
