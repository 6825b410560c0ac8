import type { ServerResponse } from 'node:http';
import { defineIntegration, type Integration, type OAuthConnect, Type } from '@toolsteps/sdk';
import { createEngine, type Engine } from '../../../src/index.js';
import { MemoryVault } from '../../../src/vault/index.js';
import { json, startTokenServer, type TokenCall, type TokenServer } from '../oauth/support/token-server.js';

export const CLIENT = { clientId: 'fixture-app', clientSecret: 'fixture-app-secret-9d1c' };
export const REDIRECT_URI = 'http://127.0.0.1:8765/callback';

/**
 * A provider on one bare server: `/authorize` (never called: the browser would go there), `/token`
 * answering as `token` says, and `GET /me` naming the account `Robin` for the token `good-access-token`.
 */
export interface FixtureProvider {
  server: TokenServer;
  integration: Integration;
  vault: MemoryVault;
  engine: Engine;
  /** Answers the token endpoint's next calls. */
  token: (call: TokenCall, response: ServerResponse) => void;
}

export async function fixtureProvider(
  now?: () => number,
  connect: Partial<OAuthConnect> = {},
): Promise<FixtureProvider> {
  const provider = { token: grant } as FixtureProvider;
  provider.server = await startTokenServer((call, response) => {
    if (call.path === '/token' || call.path === '/device') return provider.token(call, response);
    if (call.path === '/me' && call.headers.authorization === 'Bearer good-access-token')
      return json(response, 200, { name: 'Robin' });
    json(response, 401, { error: 'unauthorized' });
  });
  const origin = provider.server.origin;
  provider.integration = defineIntegration({
    id: 'fixture',
    title: 'Fixture',
    status: 'beta',
    connection: Type.Object({}),
    auth: { kind: 'token' },
    http: () => ({ baseUrl: origin, maxAttempts: 1 }),
    steps: [],
    connect: {
      kind: 'oauth2',
      authorizeUrl: () => `${origin}/authorize`,
      tokenUrl: () => `${origin}/token`,
      scopes: ['read'],
      origins: [origin],
      credentials: (granted) => ({ token: granted.accessToken }),
      identify: async ({ http }) => ({ name: String((await http.get<{ name: string }>('/me')).body.name) }),
      deviceCodeUrl: () => `${origin}/device`,
      ...connect,
    } as OAuthConnect,
  });
  provider.vault = new MemoryVault();
  provider.engine = await createEngine({
    integrations: [provider.integration],
    vault: provider.vault,
    oauthClients: { fixture: CLIENT },
    ...(now ? { clock: { now, sleep: async () => undefined } } : {}),
  });
  return provider;
}

/** A good grant: the token `/me` accepts, with the scope asked for. */
export function grant(_call: TokenCall, response: ServerResponse): void {
  json(response, 200, { access_token: 'good-access-token', token_type: 'bearer', scope: 'read' });
}

/** Starts an authorization for `user` and returns its state. */
export async function started(provider: FixtureProvider, user = 'ana'): Promise<string> {
  const { state } = await provider.engine.connect.start({
    integration: 'fixture',
    user,
    redirectUri: REDIRECT_URI,
  });
  return state;
}
