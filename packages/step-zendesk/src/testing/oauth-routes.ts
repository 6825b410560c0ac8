import type { Context, Hono } from '@toolsteps/emulator';
import type { ZendeskApi } from './zendesk-api.js';

/** Refresh tokens live 30 days past their last use at Zendesk; the emulator does not expire them. */
const REFRESH_TOKEN_LIFETIME_S = 30 * 24 * 3600;

/**
 * `POST /oauth/tokens` with `grant_type=refresh_token`, form-encoded or JSON as Zendesk accepts both.
 * The refresh token rotates: the old one stops working.
 */
export function registerOAuthRoutes(
  app: Hono,
  api: ZendeskApi,
  client: { clientId: string; clientSecret: string },
): void {
  const { state } = api;
  app.post('/oauth/tokens', async (c) => {
    const params = await formOrJson(c);
    if (params.grant_type !== 'refresh_token')
      return oauthError(
        c,
        400,
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
      );
    if (
      (params.client_id ?? client.clientId) !== client.clientId ||
      (params.client_secret ?? client.clientSecret) !== client.clientSecret
    )
      return oauthError(
        c,
        401,
        'invalid_client',
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
      );
    const held = params.refresh_token ? state.refreshTokens.get(params.refresh_token) : undefined;
    if (!held || held.revoked)
      return oauthError(
        c,
        400,
        'invalid_grant',
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
      );
    held.revoked = true;
    const granted = state.grantTokens(held.userId);
    return c.json({
      access_token: granted.accessToken,
      token_type: 'bearer',
      scope: 'read write',
      refresh_token: granted.refreshToken,
      expires_in: granted.expiresInS,
      refresh_token_expires_in: REFRESH_TOKEN_LIFETIME_S,
    });
  });
}

async function formOrJson(c: Context): Promise<Record<string, string | undefined>> {
  const text = await c.req.text();
  if (/json/i.test(c.req.header('content-type') ?? '')) {
    try {
      const body = JSON.parse(text);
      return Object.fromEntries(
        Object.entries(body ?? {}).map(([key, value]) => [
          key,
          typeof value === 'string' ? value : undefined,
        ]),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function oauthError(c: Context, status: 400 | 401, error: string, description: string) {
  return c.json({ error, error_description: description }, status);
}
