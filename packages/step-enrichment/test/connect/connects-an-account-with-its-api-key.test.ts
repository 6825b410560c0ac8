import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConnectError, createEngine, type Engine, MemoryVault } from '@toolsteps/engine';
import enrichment from '../../src/index.js';
import { createEnrichmentEmulator, DEMO_KEYS, type EnrichmentEmulator } from '../../src/testing/index.js';

describe('connecting a Sales Intelligence account with its API key', () => {
  let emulator: EnrichmentEmulator;
  let vault: MemoryVault;
  let engine: Engine;
  const settingsOf = () => ({ ...emulator.account.settings });

  beforeEach(async () => {
    emulator = await createEnrichmentEmulator();
    vault = new MemoryVault();
    engine = await createEngine({ integrations: [enrichment], vault });
  });
  afterEach(() => emulator.close());

  it('proves the key with GET /account, names the account after it and stores it for the user', async () => {
    const account = await engine.connect.withKey({
      integration: 'enrichment',
      user: 'ana',
      settings: settingsOf(),
      apiKey: DEMO_KEYS.sales,
    });

    expect(account).toEqual({
      id: 'enrichment-demo-sales-team',
      user: 'ana',
      integration: 'enrichment',
      name: 'Demo sales team',
      settings: settingsOf(),
    });
    expect(emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /account']);
    expect((await vault.get({ id: account.id, user: 'ana' })).credentials).toEqual({
      apiKey: DEMO_KEYS.sales,
    });
    // The user's tool calls now find it.
    const found = await engine.call(
      'enrichment_find_company',
      { domain: 'harborline.example' },
      { user: 'ana' },
    );
    expect(found.ok).toBe(true);
  });

  it('refuses a key the provider refuses, storing nothing and never showing the key', async () => {
    const refused = await engine.connect
      .withKey({
        integration: 'enrichment',
        user: 'ana',
        settings: settingsOf(),
        apiKey: 'enr-wrong-key-000000',
      })
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ConnectError);
    expect(refused).toMatchObject({ code: 'grant_refused' });
    expect((refused as Error).message).toContain('refused the new credentials');
    expect(JSON.stringify(refused)).not.toContain('enr-wrong-key-000000');
    expect((refused as Error).message).not.toContain('enr-wrong-key-000000');
    expect(await vault.list(undefined, { user: 'ana' })).toEqual([]);
  });

  it('refuses a key that is not one line of printable text before sending anything', async () => {
    for (const apiKey of ['', 'key\nX-Injected: 1', 'x'.repeat(5000), 42 as unknown as string]) {
      const refused = await engine.connect
        .withKey({ integration: 'enrichment', settings: settingsOf(), apiKey })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'invalid_request', details: { field: 'apiKey' } });
    }
    expect(emulator.requests).toEqual([]);
    expect(await vault.list()).toEqual([]);
  });

  it('refuses settings the connection schema refuses, naming the field', async () => {
    const refused = await engine.connect
      .withKey({ integration: 'enrichment', settings: { baseUrl: 42 }, apiKey: DEMO_KEYS.sales })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'invalid_request' });
    expect((refused as Error).message).toContain('/baseUrl');
    expect(emulator.requests).toEqual([]);
  });

  it('refuses a second account of the same name for the user, and reconnects the first in place', async () => {
    const first = await engine.connect.withKey({
      integration: 'enrichment',
      user: 'ana',
      settings: settingsOf(),
      apiKey: DEMO_KEYS.sales,
    });
    const again = await engine.connect
      .withKey({ integration: 'enrichment', user: 'ana', settings: settingsOf(), apiKey: DEMO_KEYS.sales })
      .catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'name_taken', details: { account: first.id } });

    const reconnected = await engine.connect.withKey({
      integration: 'enrichment',
      user: 'ana',
      settings: settingsOf(),
      apiKey: DEMO_KEYS.prospecting,
      reconnect: first.id,
    });
    expect(reconnected).toMatchObject({ id: first.id, name: 'Demo sales team' });
    expect((await vault.get({ id: first.id, user: 'ana' })).credentials).toEqual({
      apiKey: DEMO_KEYS.prospecting,
    });
    expect(await vault.list(undefined, { user: 'ana' })).toHaveLength(1);
  });

  it('disconnects: the account is gone and calls for the user say how to connect again', async () => {
    const account = await engine.connect.withKey({
      integration: 'enrichment',
      user: 'ana',
      settings: settingsOf(),
      apiKey: DEMO_KEYS.sales,
    });
    const disconnected = await engine.connect.disconnect({ account: account.id, user: 'ana' });
    expect(disconnected).toEqual({ account, revoked: false });
    expect(await vault.list(undefined, { user: 'ana' })).toEqual([]);

    const call = await engine.call(
      'enrichment_find_company',
      { domain: 'harborline.example' },
      { user: 'ana' },
    );
    expect(call.ok).toBe(false);
    expect(!call.ok && call.error.code).toBe('not_connected');
  });

  it('is not started by OAuth: start says to use withKey', async () => {
    const refused = await engine.connect
      .start({ integration: 'enrichment', redirectUri: 'http://127.0.0.1:9/callback' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'not_supported' });
    expect((refused as Error).message).toContain('connect.withKey');
  });
});
