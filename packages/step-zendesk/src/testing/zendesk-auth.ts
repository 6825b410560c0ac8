import type { AuthorizeResult, RecordedRequest } from '@toolsteps/emulator';
import { couldNotAuthenticate, forbidden } from './zendesk-errors.js';
import type { ZendeskUser } from './zendesk-model.js';
import type { ZendeskState } from './zendesk-state.js';

/**
 * Reached without credentials: the authorization page (a browser's, signing in there), the token
 * endpoint (it checks the client's own) and attachment content URLs (their token is the secret).
 */
const PUBLIC_PATHS = [/^\/oauth\/authorizations\/new$/, /^\/oauth\/tokens$/, /^\/attachments\/token\//];
/**
 * What an end user may call with their own credentials, of what the emulator serves: the description
 * allows them their own profile and uploads, and the OAuth Tokens API their own tokens. Every other
 * endpoint wants an agent or admin.
 */
const END_USER_ENDPOINTS = [
  { method: 'GET', path: /^\/api\/v2\/users\/me(\.json)?$/ },
  { method: 'POST', path: /^\/api\/v2\/uploads(\.json)?$/ },
  { method: 'GET', path: /^\/api\/v2\/oauth\/tokens\/[^/]+?(\.json)?$/ },
  { method: 'DELETE', path: /^\/api\/v2\/oauth\/tokens\/[^/]+?(\.json)?$/ },
];

/** What the auth check reads of a request. */
export type AuthorizedRequest = Pick<RecordedRequest, 'method' | 'path' | 'headers'>;

/**
 * The user a request is signed as: `Authorization: Bearer <OAuth access token>` or
 * `Authorization: Basic base64(<email>/token:<API token>)`. Undefined for anything else, including
 * an expired or revoked access token.
 */
export function callerOf(state: ZendeskState, authorization: string | undefined): ZendeskUser | undefined {
  const [scheme, value] = (authorization ?? '').split(/\s+/, 2);
  if (value === undefined) return undefined;
  if (scheme.toLowerCase() === 'bearer') {
    const token = state.accessTokens.get(value);
    if (!token || token.revoked || (token.expiresAt !== undefined && token.expiresAt <= state.now()))
      return undefined;
    return state.users.get(token.userId);
  }
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const match = /^(.+)\/token:(.+)$/.exec(decoded);
    if (!match || !state.apiTokens.has(match[2])) return undefined;
    return state.userByEmail(match[1]);
  }
  return undefined;
}

/** The emulator's auth check: 401 "Couldn't authenticate you", or 403 for an end user on an agent endpoint. */
export function authorizeZendesk(state: ZendeskState) {
  return (request: AuthorizedRequest): AuthorizeResult => {
    if (PUBLIC_PATHS.some((pattern) => pattern.test(request.path))) return true;
    const caller = callerOf(state, request.headers.authorization);
    if (!caller) return couldNotAuthenticate();
    const endUserMay = END_USER_ENDPOINTS.some(
      ({ method, path }) => method === request.method.toUpperCase() && path.test(request.path),
    );
    if (caller.role === 'end-user' && !endUserMay) return forbidden();
    return true;
  };
}
