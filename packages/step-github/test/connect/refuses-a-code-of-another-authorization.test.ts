import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createEngine, type Engine, MemoryVault } from '@toolsteps/engine';
import github from '../../src/index.js';
import { createGithubEmulator, type GithubEmulator } from '../../src/testing/index.js';

/**
 * A code is bound to the authorization that asked for it: its PKCE challenge and its redirect URI.
 * Finished under another authorization's state, GitHub refuses it, and nothing is stored.
 */
describe('a code exchanged under another authorization', () => {
  let emulator: GithubEmulator;
  let vault: MemoryVault;
  let engine: Engine;

  beforeEach(async () => {
    emulator = await createGithubEmulator();
    vault = new MemoryVault();
    engine = await createEngine({
      integrations: [github],
      vault,
      oauthClients: { github: emulator.oauthClient },
    });
  });
  afterEach(() => emulator.close());

  const startAt = (redirectUri: string) =>
    engine.connect.start({
      integration: 'github',
      user: 'ana',
      settings: { baseUrl: emulator.baseUrl },
      redirectUri,
    });
  const codeOf = async (authorizationUrl: string) => {
    const approval = await fetch(authorizationUrl, { redirect: 'manual' });
    return new URL(approval.headers.get('location') ?? '').searchParams.get('code') ?? '';
  };

  it('is refused when its PKCE verifier does not match the challenge it was granted for', async () => {
    const first = await startAt('http://127.0.0.1:8790/callback');
    const second = await startAt('http://127.0.0.1:8790/callback');
    const code = await codeOf(second.authorizationUrl);

    const refused = await engine.connect
      .finish({ user: 'ana', state: first.state, code })
      .catch((error: unknown) => error);

    expect(refused).toMatchObject({ code: 'grant_refused', details: { error: 'bad_verification_code' } });
    expect(await vault.list(undefined, { user: 'ana' })).toEqual([]);
    expect(emulator.oauthGrants()).toEqual([]);
  });

  it('is refused when it was granted for another redirect URI', async () => {
    const first = await startAt('http://127.0.0.1:8790/callback');
    const second = await startAt('http://127.0.0.1:8791/elsewhere');
    const code = await codeOf(second.authorizationUrl);

    const refused = await engine.connect
      .finish({ user: 'ana', state: first.state, code })
      .catch((error: unknown) => error);

    expect(refused).toMatchObject({ code: 'grant_refused', details: { error: 'redirect_uri_mismatch' } });
    expect(await vault.list(undefined, { user: 'ana' })).toEqual([]);
  });
});

describe('reconnecting a GitHub account', () => {
  it('replaces its token in place, and refuses credentials of another login', async () => {
    const emulator = await createGithubEmulator();
    try {
      const vault = new MemoryVault();
      const engine = await createEngine({
        integrations: [github],
        vault,
        oauthClients: { github: emulator.oauthClient },
      });
      const authorize = async (login: string, reconnect?: string) => {
        const { authorizationUrl } = await engine.connect.start({
          integration: 'github',
          user: 'ana',
          settings: { baseUrl: emulator.baseUrl },
          redirectUri: 'http://127.0.0.1:8793/callback',
          ...(reconnect ? { reconnect } : {}),
        });
        const approval = await fetch(`${authorizationUrl}&login=${login}`, { redirect: 'manual' });
        return engine.connect.finish({ user: 'ana', callbackUrl: approval.headers.get('location') ?? '' });
      };
      const first = await authorize('mona');
      const before = (await vault.get({ id: first.id, user: 'ana' })).credentials.token;

      const again = await authorize('mona', first.id);
      expect(again).toEqual(first);
      expect((await vault.get({ id: first.id, user: 'ana' })).credentials.token).not.toBe(before);

      const other = await authorize('hubot', first.id).catch((error: unknown) => error);
      expect(other).toMatchObject({
        code: 'account_refused',
        details: { account: first.id, login: 'hubot' },
      });
      expect((await vault.get({ id: first.id, user: 'ana' })).settings.login).toBe('mona');
    } finally {
      await emulator.close();
    }
  });
});
