import { describe, expect, it } from '@jest/globals';
import { MemoryPendingAuthorizations, type PendingAuthorization } from '../../../src/index.js';
import { fixtureProvider, REDIRECT_URI } from './support.js';

const pending = (expiresAt: number): PendingAuthorization => ({
  integration: 'fixture',
  settings: {},
  redirectUri: 'http://127.0.0.1:1/callback',
  codeVerifier: 'v'.repeat(43),
  expiresAt,
});

describe('authorizations waiting for their callback', () => {
  it('are bounded in number: a flood of starts is refused once the store is full of live ones', async () => {
    let now = 0;
    const store = new MemoryPendingAuthorizations(() => now, 3);
    for (const state of ['a', 'b', 'c']) await store.put(state, pending(1_000));

    await expect(store.put('d', pending(1_000))).rejects.toThrow('3 authorizations are already waiting');

    // Expired ones make room.
    now = 1_000;
    await store.put('d', pending(2_000));
    expect(await store.take('a')).toBeUndefined();
    expect(await store.take('d')).toMatchObject({ expiresAt: 2_000 });
  });

  it('are handed out once, and a copy: changing what was put changes nothing kept', async () => {
    const store = new MemoryPendingAuthorizations();
    const started = pending(Date.now() + 60_000);
    await store.put('s', started);
    started.redirectUri = 'https://attacker.example/';

    expect(await store.take('s')).toMatchObject({ redirectUri: 'http://127.0.0.1:1/callback' });
    expect(await store.take('s')).toBeUndefined();
  });

  it('refuse an engine more starts than its store holds, with a ConnectError saying why', async () => {
    const provider = await fixtureProvider();
    try {
      const { createEngine } = await import('../../../src/index.js');
      const engine = await createEngine({
        integrations: [provider.integration],
        vault: provider.vault,
        oauthClients: { fixture: { clientId: 'fixture-app' } },
        pendingAuthorizations: new MemoryPendingAuthorizations(Date.now, 1),
      });
      await engine.connect.start({ integration: 'fixture', redirectUri: REDIRECT_URI });
      const refused = await engine.connect
        .start({ integration: 'fixture', redirectUri: REDIRECT_URI })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'too_many_pending' });
    } finally {
      await provider.server.close();
    }
  });
});
