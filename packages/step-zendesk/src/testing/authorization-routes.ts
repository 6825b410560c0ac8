import type { Context, Hono } from '@toolsteps/emulator';
import { type OAuthClientRegistration, redirectUriAllowed } from './oauth-client.js';
import {
  type AuthorizeError,
  authorizeError,
  invalidAuthorizationRequest,
  page,
  redirectWith,
} from './oauth-errors.js';
import { isS256Challenge, PKCE_METHOD } from './pkce-challenge.js';
import type { ZendeskApi } from './zendesk-api.js';

/**
 * `GET /oauth/authorizations/new`, Zendesk's authorization page. There is no sign-in form: the user
 * approves at once, as the emulator's default user or as the seeded user the emulator-only `login`
 * parameter names by email, and is sent back (302) to `redirect_uri` with a `code` and the `state`.
 * The emulator-only `decision=deny` answers as a user who clicked Deny. End users may authorize, as
 * they may at Zendesk; agent endpoints then refuse their token.
 */
export function registerAuthorizationRoutes(
  app: Hono,
  api: ZendeskApi,
  client: OAuthClientRegistration,
  defaultUserId: number,
): void {
  const { state } = api;
  app.get('/oauth/authorizations/new', (c) => {
    const repeated = repeatedParameter(c);
    if (repeated) return invalidAuthorizationRequest(`The request repeats the parameter ${repeated}`);
    const query = (name: string) => c.req.query(name);
    // Until client and redirect URL are known good, nothing is sent anywhere: a page says why.
    if (query('client_id') !== client.identifier) return invalidAuthorizationRequest('No such client');
    const redirectUri = query('redirect_uri');
    if (!redirectUri || !redirectUriAllowed(client, redirectUri))
      return invalidAuthorizationRequest(
        `The redirect_uri ${redirectUri ?? '(none)'} is not one of the redirect URLs registered for client ${client.identifier}`,
      );
    const clientState = query('state');
    const refuse = (error: AuthorizeError, description?: string) =>
      authorizeError(redirectUri, clientState, error, description);

    const responseType = query('response_type');
    if (!responseType) return refuse('invalid_request', "'response_type' required.");
    if (responseType !== 'code') return refuse('unsupported_response_type');
    const scopes = (query('scope') ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0) return refuse('invalid_scope');
    const codeChallenge = query('code_challenge');
    const method = query('code_challenge_method');
    // RFC 7636 §4.4.1: an unsupported transform (`plain`, or none, which means `plain`) is invalid_request.
    if (codeChallenge !== undefined || method !== undefined) {
      if (method !== PKCE_METHOD) return refuse('invalid_request', 'transform algorithm not supported');
      if (!codeChallenge) return refuse('invalid_request', 'code challenge required.');
      if (!isS256Challenge(codeChallenge))
        return refuse(
          'invalid_request',
          'code_challenge must be BASE64URL(SHA256(code_verifier)), 43 characters',
        );
    }

    const login = query('login');
    const user = login === undefined ? state.users.get(defaultUserId) : state.userByEmail(login);
    if (!user)
      return page(
        'Invalid email or password',
        `No user of the emulator's account has the email ${login} that the emulator-only login parameter names: use one of ${[...state.users.values()].map((seeded) => seeded.email).join(', ')}`,
      );
    const decision = query('decision');
    if (decision === 'deny') return refuse('access_denied');
    if (decision !== undefined && decision !== 'allow')
      return page(
        'Invalid decision',
        `The emulator-only decision parameter is allow (the default) or deny, not ${decision}`,
      );

    const code = state.authorizationCodes.issue({
      clientId: client.id,
      userId: user.id,
      redirectUri,
      scopes,
      codeChallenge,
    });
    return redirectWith(redirectUri, { code, state: clientState });
  });
}

/** The first parameter given more than once, which OAuth forbids for its own parameters (RFC 6749 §3.1). */
function repeatedParameter(c: Context): string | undefined {
  const all = c.req.queries();
  return Object.keys(all).find((name) => all[name].length > 1);
}
