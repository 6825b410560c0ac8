import type { OAuthClientRegistration } from './oauth-client.js';
import { tokenError } from './oauth-errors.js';
import type { TokenRequest } from './oauth-request.js';
import { verifierMatches } from './pkce-challenge.js';
import { tokenAnswer } from './token-answer.js';
import type { ZendeskState } from './zendesk-state.js';

/**
 * `grant_type=authorization_code`: exchanges a code from the authorization page for tokens of the user
 * who approved, with the scopes approved. The client authenticates with its secret, or (PKCE alone, as
 * Zendesk lets a client do) with the verifier of the code's challenge. Whatever is refused, the code
 * was redeemed by being presented: it grants nothing afterwards.
 */
export function authorizationCodeGrant(
  state: ZendeskState,
  client: OAuthClientRegistration,
  { params, clientId, clientSecret }: TokenRequest,
): Response {
  if (!params.code) return tokenError('invalid_request', "'code' required.");
  const redemption = state.authorizationCodes.redeem(params.code);
  if (!clientId) return tokenError('invalid_request', "'client_id' required.");
  if (clientId !== client.identifier || (clientSecret !== undefined && clientSecret !== client.secret))
    return tokenError('invalid_client');
  if ('refused' in redemption) {
    // A replayed code may have been stolen: the tokens its first exchange granted go too.
    if (redemption.refused === 'replayed' && redemption.accessToken !== undefined)
      state.revokeGrant(redemption.accessToken);
    return tokenError('invalid_grant');
  }
  const { grant } = redemption;
  if (clientSecret === undefined && grant.codeChallenge === undefined) return tokenError('invalid_client');
  if (grant.clientId !== client.id || params.redirect_uri !== grant.redirectUri)
    return tokenError('invalid_grant');
  const proven =
    grant.codeChallenge === undefined
      ? params.code_verifier === undefined
      : verifierMatches(params.code_verifier, grant.codeChallenge);
  if (!proven) return tokenError('invalid_grant');
  const asked = (params.scope ?? '').split(' ').filter(Boolean);
  if (asked.some((scope) => !grant.scopes.includes(scope))) return tokenError('invalid_scope');
  if (!state.users.has(grant.userId)) return tokenError('invalid_grant');
  const granted = state.grantTokens(grant.userId, { clientId: grant.clientId, scopes: grant.scopes });
  redemption.granted(granted.accessToken);
  return tokenAnswer(granted, grant.scopes);
}
