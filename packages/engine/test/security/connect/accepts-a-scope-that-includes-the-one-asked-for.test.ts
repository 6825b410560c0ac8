import { afterEach, describe, expect, it } from '@jest/globals';
import { createEngine } from '../../../src/index.js';
import { json } from '../oauth/support/token-server.js';
import { type FixtureProvider, fixtureProvider, REDIRECT_URI, started } from './support.js';

describe('the scopes of a grant', () => {
  let provider: FixtureProvider;
  afterEach(() => provider.server.close());

  it('count a scope asked for as granted when a broader one the provider lists includes it', async () => {
    provider = await fixtureProvider(undefined, { impliedScopes: { admin: ['write'], write: ['read'] } });
    provider.token = (_call, response) =>
      json(response, 200, { access_token: 'good-access-token', token_type: 'bearer', scope: 'admin' });

    const account = await provider.engine.connect.finish({
      user: 'ana',
      state: await started(provider),
      code: 'c',
    });

    expect(account).toMatchObject({ name: 'Robin', user: 'ana' });
  });

  it('refuse authorization, token and device endpoints outside the origins the app is registered at', async () => {
    provider = await fixtureProvider(undefined, { origins: ['https://provider.example'] });
    const refused = await provider.engine.connect
      .start({ integration: 'fixture', user: 'ana', redirectUri: REDIRECT_URI })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'invalid_request', details: { field: 'settings' } });
    expect((refused as Error).message).toContain('not where its OAuth app is registered');
    expect(provider.server.calls).toEqual([]);

    // The runtime that registered its app there too says so.
    const engine = await createEngine({
      integrations: [provider.integration],
      vault: provider.vault,
      oauthClients: { fixture: { clientId: 'fixture-app', origins: [provider.server.origin] } },
    });
    await expect(
      engine.connect.start({ integration: 'fixture', redirectUri: REDIRECT_URI }),
    ).resolves.toMatchObject({
      state: expect.any(String),
    });
  });

  it('refuse an authorization lifetime that would never expire', async () => {
    provider = await fixtureProvider();
    for (const authorizationLifetimeMs of [Number.NaN, Number.POSITIVE_INFINITY, 0, 7 * 24 * 3_600_000]) {
      await expect(
        createEngine({
          integrations: [provider.integration],
          vault: provider.vault,
          authorizationLifetimeMs,
        }),
      ).rejects.toThrow('authorizationLifetimeMs');
    }
  });
});
