import type { Hono } from '@toolsteps/emulator';
import { authorizationCodeGrant } from './authorization-code-grant.js';
import type { OAuthClientRegistration } from './oauth-client.js';
import { tokenError } from './oauth-errors.js';
import { readTokenRequest } from './oauth-request.js';
import { refreshTokenGrant } from './refresh-token-grant.js';
import type { ZendeskApi } from './zendesk-api.js';

/**
 * `POST /oauth/tokens` (Create Token for Grant Type), form-encoded or JSON: `authorization_code`
 * exchanges a code of the authorization page, `refresh_token` rotates a grant's tokens.
 */
export function registerOAuthRoutes(app: Hono, api: ZendeskApi, client: OAuthClientRegistration): void {
  app.post('/oauth/tokens', async (c) => {
    const request = await readTokenRequest(c);
    if (request instanceof Response) return request;
    const grantType = request.params.grant_type;
    if (grantType === 'authorization_code') return authorizationCodeGrant(api.state, client, request);
    if (grantType === 'refresh_token') return refreshTokenGrant(api.state, client, request);
    if (!grantType) return tokenError('invalid_request', "'grant_type' required.");
    return tokenError('unsupported_grant_type', `'${grantType}' isn't supported.`);
  });
}
