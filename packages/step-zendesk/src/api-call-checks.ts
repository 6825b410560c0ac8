import { StepError } from '@toolsteps/sdk';

/** The checks zendesk.api_call makes before it sends anything: each refusal names the field to fix. */

/** Headers the connected account owns: a user header can never replace them. */
const RESERVED_HEADERS: ReadonlySet<string> = new Set(['authorization', 'host']);
/** The Support API, and the account's attachment content URLs (`content_url` of an attachment). */
const ALLOWED_ROOTS = ['/api/v2/', '/attachments/token/'] as const;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const refuse = (field: string, message: string) =>
  new StepError({ code: 'validation', field: `/args/${field}`, message: `${message}; nothing was sent` });

/**
 * A path under `/api/v2/` (or an attachment's `/attachments/token/…` content path) on the account's
 * host: never a URL, never a dot segment, so the credentials cannot reach another host or API.
 */
export function checkedEndpoint(endpoint: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(endpoint) || endpoint.startsWith('//') || endpoint.includes('\\')) {
    throw refuse(
      'endpoint',
      `endpoint must be a path such as /api/v2/tickets/1042.json, not a URL ("${shown(endpoint)}"): the account's https://SUBDOMAIN.zendesk.com is put before it, so its credentials never go to another host`,
    );
  }
  const path = endpoint.startsWith('/') ? endpoint : `/${endpoint}`;
  const bare = path.replace(/[?#].*$/s, '');
  const segments = bare.split('/').map((segment) => decoded(segment));
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    throw refuse('endpoint', `endpoint may not hold . or .. segments ("${shown(endpoint)}")`);
  }
  if (!ALLOWED_ROOTS.some((root) => bare.startsWith(root))) {
    throw refuse(
      'endpoint',
      `endpoint must lie under /api/v2/ (the Support API), e.g. /api/v2/users/me.json, or be an attachment's /attachments/token/… path; "${shown(endpoint)}" is neither`,
    );
  }
  return path.slice(1);
}

/** The user's headers, once none is one the account owns. */
export function checkedHeaders(given: Record<string, string> = {}): Record<string, string> {
  const reserved = Object.keys(given).filter((name) => RESERVED_HEADERS.has(name.toLowerCase()));
  if (reserved.length > 0) {
    throw refuse(
      'headers',
      `headers may not set ${reserved.join(' or ')}: the connected account supplies the credentials and the host`,
    );
  }
  return given;
}

/** The body to send: JSON, or the bytes of `body_base64` with their content type; neither with GET. */
export function checkedBody(
  method: string,
  input: { body?: unknown; body_base64?: string; content_type?: string },
): { json: unknown } | { bytes: Uint8Array; contentType: string } | undefined {
  const { body, body_base64: base64, content_type: contentType } = input;
  if (body !== undefined && base64 !== undefined)
    throw refuse('body_base64', 'Give body (JSON) or body_base64 (a file), not both');
  if ((body !== undefined || base64 !== undefined) && method === 'GET') {
    throw refuse(
      body === undefined ? 'body_base64' : 'body',
      "A GET request cannot carry a body: put its parameters in the endpoint's query (e.g. ?per_page=50)",
    );
  }
  if (contentType !== undefined && base64 === undefined)
    throw refuse(
      'content_type',
      'content_type goes with body_base64 (a file); a JSON body is sent as application/json',
    );
  if (base64 === undefined) return body === undefined ? undefined : { json: body };
  const compact = base64.replace(/\s+/g, '');
  if (!BASE64.test(compact))
    throw refuse('body_base64', 'body_base64 is not base64 (A–Z, a–z, 0–9, + and /, padded with =)');
  return { bytes: Buffer.from(compact, 'base64'), contentType: contentType ?? 'application/octet-stream' };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The endpoint for a message: without its query or user info, which may hold a secret. */
function shown(endpoint: string): string {
  const bare = endpoint.replace(/[?#].*$/s, '').replace(/^([a-z][a-z0-9+.-]*:)?\/\/[^/@]*@/i, '$1//');
  return bare.length > 80 ? `${bare.slice(0, 80)}…` : bare;
}
