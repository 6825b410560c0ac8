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
    const account = await withApp.connect.finish({ callbackUrl: approval.headers.get('location') ?? '' });
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
