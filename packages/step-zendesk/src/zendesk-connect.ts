import { type OAuthConnect, StepError } from '@toolsteps/sdk';
import { zendeskOrigin } from './connection.js';

/** Zendesk's OAuth scopes for the Support API: the steps read and write tickets, users and triggers. */
export const ZENDESK_SCOPES = ['read', 'write'] as const;
/** Who may authorize: Zendesk lets end users authorize too, but the steps call agent endpoints. */
const AUTHORIZING_ROLES: ReadonlySet<string> = new Set(['admin', 'agent']);

const origin = (settings: Record<string, unknown>) => zendeskOrigin({ name: 'new account', settings });

/**
 * Zendesk's authorization code grant with PKCE on the account's own subdomain. The authorizing user
 * must be an Admin or Agent (`GET /api/v2/users/me`); the account is named by its subdomain.
 * Disconnecting revokes the account's token (`DELETE /api/v2/oauth/tokens/current.json`).
 */
export const zendeskConnect: OAuthConnect = {
  kind: 'oauth2',
  authorizeUrl: (settings) => `${origin(settings)}/oauth/authorizations/new`,
  tokenUrl: (settings) => `${origin(settings)}/oauth/tokens`,
  scopes: ZENDESK_SCOPES,
  // Every account's own subdomain; an emulator is added by the runtime (`OAuthClient.origins`).
  origins: ['https://*.zendesk.com'],
  credentials: (grant, client) => ({
    accessToken: grant.accessToken,
    ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
    ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
    clientId: client.clientId,
    ...(client.clientSecret ? { clientSecret: client.clientSecret } : {}),
  }),
  identify: async ({ http, settings }) => {
    const { body } = await http.get<{ user?: { name?: unknown; role?: unknown } }>('/api/v2/users/me');
    const role = body?.user?.role;
    if (typeof role !== 'string' || !AUTHORIZING_ROLES.has(role)) {
      throw new StepError({
        code: 'forbidden',
        message: `The Zendesk user who authorized is ${typeof role === 'string' ? `an ${role.replace('-', ' ')}` : 'not an agent'}: the authorizing user must be an Admin or Agent. Check the subdomain, check the user's permissions, then disconnect and reconnect to run a fresh OAuth flow`,
        details: { role },
      });
    }
    return { name: String(settings.subdomain) };
  },
  revoke: async ({ http }) => {
    await http.request({ method: 'DELETE', path: '/api/v2/oauth/tokens/current.json' });
  },
  requirements: 'an Admin or Agent of the Zendesk account, signed in on its subdomain',
};
