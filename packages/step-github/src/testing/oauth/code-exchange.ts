import type { OAuthApp } from './oauth-app.js';
import { secretMatches } from './oauth-app.js';
import {
  BAD_VERIFICATION_CODE,
  INCORRECT_CLIENT_CREDENTIALS,
  REDIRECT_URI_NOT_AUTHORIZED,
  REDIRECT_URI_NOT_REGISTERED,
} from './oauth-errors.js';
import type { OAuthParams } from './oauth-params.js';
import type { OAuthStore } from './oauth-store.js';
import { verifierMatches } from './pkce.js';
import { chooseRedirectUri, normalizedUri } from './redirect-uri.js';
import type { AnswerFields } from './token-answer.js';
import { tokenFields } from './token-fields.js';

/**
 * The web flow's second step: a code for a token, checked in GitHub's order (client credentials, a
 * redirect_uri the app covers, a live code of this client, the redirect_uri the authorization named,
 * the PKCE verifier). A request that did not authenticate as the client leaves the code as it was;
 * once it has, any refusal about the code spends it, so a stolen code cannot be tried again and again
 * (with other verifiers, say). A code is redeemed once.
 */
export function exchangeCode(oauth: OAuthStore, app: OAuthApp, params: OAuthParams): AnswerFields {
  if (!secretMatches(app, params.client_secret)) return INCORRECT_CLIENT_CREDENTIALS;
  if (params.redirect_uri !== undefined && !chooseRedirectUri(app, params.redirect_uri).ok) {
    return REDIRECT_URI_NOT_REGISTERED;
  }
  const code = oauth.codes.find(app.clientId, params.code);
  if (code === undefined) return BAD_VERIFICATION_CODE;
  oauth.codes.spend(code);
  if (
    code.requestedRedirectUri !== undefined &&
    normalizedUri(params.redirect_uri ?? '') !== normalizedUri(code.requestedRedirectUri)
  ) {
    return REDIRECT_URI_NOT_AUTHORIZED;
  }
  // A verifier for a code issued without a challenge is refused too: a PKCE downgrade (RFC 9700 §2.1.1).
  const pkceHolds =
    code.codeChallenge === undefined
      ? params.code_verifier === undefined
      : verifierMatches(code.codeChallenge, params.code_verifier);
  if (!pkceHolds) return BAD_VERIFICATION_CODE;
  return tokenFields(oauth.tokens.issue(app.clientId, code.login, code.scopes));
}
