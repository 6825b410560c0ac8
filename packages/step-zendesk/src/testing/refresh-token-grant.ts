import type { OAuthClientRegistration } from './oauth-client.js';
import { tokenError } from './oauth-errors.js';
import type { TokenRequest } from './oauth-request.js';
import { tokenAnswer } from './token-answer.js';
import type { ZendeskState } from './zendesk-state.js';

/**
 * `grant_type=refresh_token`: new access and refresh tokens for the same user, client and scopes. As
 * Zendesk documents, the previous access and refresh tokens stop working. An unknown, revoked or
 * expired refresh token, or one of another client, is `invalid_grant`.
 */
export function refreshTokenGrant(
  state: ZendeskState,
  client: OAuthClientRegistration,
  { params, clientId, clientSecret }: TokenRequest,
): Response {
  const presented = params.refresh_token;
  if (!presented) return tokenError('invalid_request', "'refresh_token' required.");
  // The engine's refreshes send the client's credentials; older callers may leave them out.
  if (
    (clientId !== undefined && clientId !== client.identifier) ||
    (clientSecret !== undefined && clientSecret !== client.secret)
  )
    return tokenError('invalid_client');
  const held = state.refreshTokens.get(presented);
  if (
    !held ||
    held.revoked ||
    (held.expiresAt !== undefined && held.expiresAt <= state.now()) ||
    held.clientId !== client.id
  )
    return tokenError('invalid_grant');
  held.revoked = true;
  const previous = held.pair === undefined ? undefined : state.accessTokens.get(held.pair);
  if (previous) previous.revoked = true;
  const granted = state.grantTokens(held.userId, { clientId: held.clientId, scopes: held.scopes });
  return tokenAnswer(granted, held.scopes);
}
