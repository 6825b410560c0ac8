import type { Context, Hono } from '@toolsteps/emulator';
import type { StateRef } from '../github-route-module.js';
import { queryParam } from '../shared/github-request.js';
import type { OAuthApp } from './oauth-app.js';
import { invalidAuthorizationRequest, USER_ACCESS_DENIED } from './oauth-errors.js';
import { oauthPage } from './oauth-pages.js';
import { requestedScopes } from './oauth-scopes.js';
import { pkceRefusal } from './pkce.js';
import { chooseRedirectUri } from './redirect-uri.js';
import { userDecision } from './user-decision.js';

/**
 * `GET /login/oauth/authorize`, the web flow's first step. GitHub answers an unknown client with its
 * 404 page and a redirect_uri the app does not cover with a warning page, sending the browser nowhere.
 * Otherwise the user decides at once (see user-decision.ts) and the browser is sent back (302) to the
 * redirect_uri: with a fresh `code` and the `state`, or with `error=access_denied` when cancelled, or
 * `error=invalid_request` for PKCE parameters GitHub refuses. `allow_signup` and `prompt` change
 * nothing here, as there is no page to change.
 */
export function registerAuthorizeRoute(
  web: Hono,
  state: StateRef,
  app: OAuthApp,
  defaultLogin: string,
): void {
  web.get('/login/oauth/authorize', (c) => {
    if (queryParam(c, 'client_id') !== app.clientId) {
      return oauthPage(c, 404, 'Not Found', 'No OAuth app has this client_id.');
    }
    const requestedRedirectUri = queryParam(c, 'redirect_uri');
    const redirect = chooseRedirectUri(app, requestedRedirectUri);
    if (!redirect.ok) {
      return oauthPage(
        c,
        200,
        'Be careful!',
        redirect.reason,
        `The application might be misconfigured or could be trying to redirect you to a website you weren't expecting. Its callback URLs: ${app.callbackUrls.join(', ')} (a loopback one takes any port).`,
      );
    }
    const decided = userDecision(c, state(), defaultLogin);
    if (!decided.ok) return decided.refusal;
    const back = { state: queryParam(c, 'state') };
    const codeChallenge = queryParam(c, 'code_challenge');
    const pkce = pkceRefusal(codeChallenge, queryParam(c, 'code_challenge_method'));
    if (pkce !== undefined)
      return redirectTo(c, redirect.uri, { ...invalidAuthorizationRequest(pkce), ...back });
    if (!decided.approve) return redirectTo(c, redirect.uri, { ...USER_ACCESS_DENIED, ...back });
    const { oauth } = state();
    const login = decided.user.login;
    // No scope parameter: the scopes the user already granted the app, as GitHub does.
    const scopes = new URL(c.req.url).searchParams.has('scope')
      ? requestedScopes(queryParam(c, 'scope'))
      : (oauth.tokens.grantedScopes(app.clientId, login) ?? []);
    const code = oauth.codes.issue({
      clientId: app.clientId,
      login,
      scopes,
      requestedRedirectUri,
      codeChallenge,
    });
    return redirectTo(c, redirect.uri, { code: code.code, ...back });
  });
}

function redirectTo(c: Context, uri: string, params: Record<string, string | undefined>): Response {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return c.redirect(url.href, 302);
}
