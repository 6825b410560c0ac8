import type { GrantedTokens } from './zendesk-state.js';

/** The token endpoint's answer to a granted exchange or refresh, as Zendesk words it. */
export function tokenAnswer(granted: GrantedTokens, scopes: readonly string[]): Response {
  return Response.json({
    access_token: granted.accessToken,
    token_type: 'bearer',
    scope: scopes.join(' '),
    refresh_token: granted.refreshToken,
    expires_in: granted.expiresInS,
    refresh_token_expires_in: granted.refreshExpiresInS,
  });
}
