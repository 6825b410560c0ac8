import { afterEach, describe, expect, it } from '@jest/globals';
import { createEngine, MemoryVault } from '@toolsteps/engine';
import github from '../../src/index.js';
import { createGithubEmulator, type GithubEmulator } from '../../src/testing/index.js';

describe('disconnecting a GitHub account the engine cannot revoke', () => {
  let emulator: GithubEmulator;
  afterEach(() => emulator.close());

  it('removes it and says the grant is still live, when no OAuth app secret is configured', async () => {
    emulator = await createGithubEmulator();
    const vault = new MemoryVault();
    const withApp = await createEngine({
      integrations: [github],
      vault,
      oauthClients: { github: emulator.oauthClient },
    });
    const { authorizationUrl } = await withApp.connect.start({
      integration: 'github',
      user: 'ana',
      settings: { baseUrl: emulator.baseUrl },
      redirectUri: 'http://127.0.0.1:8792/callback',
    });
    const approval = await fetch(authorizationUrl, { redirect: 'manual' });
    const account = await withApp.connect.finish({
      user: 'ana',
      callbackUrl: approval.headers.get('location') ?? '',
    });
    const token = String((await vault.get({ id: account.id, user: 'ana' })).credentials.token);

    const withoutApp = await createEngine({ integrations: [github], vault });
    const disconnected = await withoutApp.connect.disconnect({ account: account.id, user: 'ana' });

    expect(disconnected.revoked).toBe(false);
    expect(disconnected.revokeProblem).toContain('revoke it at https://github.com/settings/applications');
    expect(await vault.list(undefined, { user: 'ana' })).toEqual([]);
    // The token still works at GitHub: exactly what revoked: false says.
    const stillLive = await fetch(`${emulator.baseUrl}/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stillLive.status).toBe(200);
  });
});

describe('disconnecting a GitHub account whose token is not the app’s', () => {
  it('says it was not revoked: deleting the app’s grant would not touch a pasted personal token', async () => {
    const emulator = await createGithubEmulator();
    try {
      // The demo token stands for a personal access token written into the vault by hand.
      const vault = new MemoryVault([{ ...emulator.account, user: 'ana' }]);
      const engine = await createEngine({
        integrations: [github],
        vault,
        oauthClients: { github: emulator.oauthClient },
      });

      const disconnected = await engine.connect.disconnect({ account: emulator.account.id, user: 'ana' });

      expect(disconnected.revoked).toBe(false);
      expect(disconnected.revokeProblem).toContain('not granted to this OAuth app');
      const stillLive = await fetch(`${emulator.baseUrl}/user`, {
        headers: { authorization: `Bearer ${String(emulator.account.credentials.token)}` },
      });
      expect(stillLive.status).toBe(200);
    } finally {
      await emulator.close();
    }
  });
});

describe('an authorization code that expired before the callback', () => {
  it('is refused by GitHub, and nothing is stored', async () => {
    let now = Date.UTC(2026, 10, 28, 12);
    const emulator = await createGithubEmulator({ now: () => now });
    try {
      const vault = new MemoryVault();
      const engine = await createEngine({
        integrations: [github],
        vault,
        oauthClients: { github: emulator.oauthClient },
      });
      const { authorizationUrl } = await engine.connect.start({
        integration: 'github',
        user: 'ana',
        settings: { baseUrl: emulator.baseUrl },
        redirectUri: 'http://127.0.0.1:8794/callback',
      });
      const approval = await fetch(authorizationUrl, { redirect: 'manual' });
      now += 11 * 60 * 1000; // GitHub's codes last 10 minutes; the engine's state still lives.

      const refused = await engine.connect
        .finish({ user: 'ana', callbackUrl: approval.headers.get('location') ?? '' })
        .catch((error: unknown) => error);

      expect(refused).toMatchObject({ code: 'grant_refused', details: { error: 'bad_verification_code' } });
      expect(await vault.list(undefined, { user: 'ana' })).toEqual([]);
    } finally {
      await emulator.close();
    }
  });
});
