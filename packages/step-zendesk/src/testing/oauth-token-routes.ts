import type { Context, Hono } from '@toolsteps/emulator';
import { callerIn, type ZendeskApi } from './zendesk-api.js';
import { recordNotFound } from './zendesk-errors.js';
import type { OAuthToken } from './zendesk-model.js';

/**
 * The OAuth Tokens API's show and revoke: `GET` and `DELETE /api/v2/oauth/tokens/{id}`, where `current`
 * is the token the request is signed with. A user reaches their own tokens, an admin anyone's; others
 * are 404. Revoking answers 204 and ends the grant: its access token is refused (401) from then on and
 * its refresh token no longer refreshes. A token is shown by its first 10 characters only, as Zendesk does.
 */
export function registerOAuthTokenRoutes(app: Hono, api: ZendeskApi): void {
  app.get('/api/v2/oauth/tokens/:id', (c) => {
    const found = tokenIn(api, c);
    return found ? c.json({ token: tokenJson(api, ...found) }) : recordNotFound();
  });
  app.delete('/api/v2/oauth/tokens/:id', (c) => {
    const found = tokenIn(api, c);
    if (!found) return recordNotFound();
    api.state.revokeGrant(found[0]);
    return c.body(null, 204);
  });
}

/** The live access token the path names, if the caller may see it. */
function tokenIn(api: ZendeskApi, c: Context): [string, OAuthToken] | undefined {
  const { accessTokens } = api.state;
  const wanted = c.req.param('id');
  const caller = callerIn(api, c);
  if (wanted === 'current') {
    const [scheme, value] = (c.req.header('authorization') ?? '').split(/\s+/, 2);
    const token = scheme.toLowerCase() === 'bearer' && value ? accessTokens.get(value) : undefined;
    return token && value ? [value, token] : undefined;
  }
  const found = [...accessTokens].find(([, token]) => !token.revoked && String(token.id) === wanted);
  return found && (caller.role === 'admin' || found[1].userId === caller.id) ? found : undefined;
}

function tokenJson(api: ZendeskApi, accessToken: string, token: OAuthToken) {
  const refresh = token.pair === undefined ? undefined : api.state.refreshTokens.get(token.pair);
  return {
    url: `${api.origin()}/api/v2/oauth/tokens/${token.id}.json`,
    id: token.id,
    user_id: token.userId,
    client_id: token.clientId,
    token: accessToken.slice(0, 10),
    refresh_token: token.pair === undefined ? null : token.pair.slice(0, 10),
    scopes: [...token.scopes],
    created_at: iso(token.createdAt),
    expires_at: token.expiresAt === undefined ? null : iso(token.expiresAt),
    refresh_token_expires_at: refresh?.expiresAt === undefined ? null : iso(refresh.expiresAt),
    used_at: null,
  };
}

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
