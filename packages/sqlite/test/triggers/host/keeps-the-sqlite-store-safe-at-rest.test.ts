import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createEngine, generateVaultKey, TOKENS, type TriggerStore } from '@toolsteps/engine';
import { temporaryFolder } from '../../../../engine/test/triggers/host/host-helpers.js';
import { defaultTriggerStore, SqliteTriggerStore } from '../../../src/index.js';

const SECRET = 'a1b2c3d4'.repeat(8);
const activation = {
  bindingId: 'triage',
  trigger: 'board.new_card',
  account: 'Demo board',
  registration: { hookId: 1 },
  secret: SECRET,
  status: 'active' as const,
  activatedAt: 1,
};

/** Every byte SQLite keeps for the store: the database and its write-ahead log. */
function bytesOnDisk(path: string): string {
  return ['', '-wal']
    .filter((suffix) => existsSync(`${path}${suffix}`))
    .map((suffix) => readFileSync(`${path}${suffix}`).toString('latin1'))
    .join('');
}

describe('the SQLite trigger store on disk', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  let path: string;
  beforeEach(() => {
    folder = temporaryFolder();
    path = join(folder.path, 'state', 'triggers.sqlite');
  });
  afterEach(() => folder.remove());

  it('is created readable by its owner only, and uses WAL with full sync', async () => {
    const store = SqliteTriggerStore.open(path);
    await store.saveActivation(activation);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
    await store.close();
  });

  it('tightens an existing file others could read', async () => {
    await SqliteTriggerStore.open(path).close();
    chmodSync(path, 0o644);
    await SqliteTriggerStore.open(path).close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('seals webhook secrets with the key, and opens them only with it', async () => {
    const key = Buffer.from(generateVaultKey(), 'hex');
    const sealed = SqliteTriggerStore.open(path, { key });
    await sealed.saveActivation(activation);
    expect(bytesOnDisk(path)).not.toContain(SECRET);
    expect(bytesOnDisk(path)).toContain('aes-256-gcm');
    expect((await sealed.activation('triage'))?.secret).toBe(SECRET);
    await sealed.close();

    const withoutKey = SqliteTriggerStore.open(path);
    await expect(withoutKey.activation('triage')).rejects.toThrow(
      /encrypted in the trigger store: set TOOLSTEPS_VAULT_KEY/,
    );
    await withoutKey.close();
    const otherKey = SqliteTriggerStore.open(path, { key: Buffer.from(generateVaultKey(), 'hex') });
    await expect(otherKey.activations()).rejects.toThrow(/not the one it was stored with/);
    await otherKey.close();
  });

  it('keeps a secret in the clear only without a key', async () => {
    const store = SqliteTriggerStore.open(path);
    await store.saveActivation(activation);
    await store.close();
    expect(bytesOnDisk(path)).toContain(SECRET);
  });

  it('keeps what it committed across a reopen, migrating once', async () => {
    const first = SqliteTriggerStore.open(path);
    await first.commitDelivery({
      id: 'd-1',
      bindingId: 'triage',
      source: 'webhook',
      receivedAt: 1,
      headers: {},
      rawBody: new TextEncoder().encode('{}'),
    });
    await first.close();
    const second = SqliteTriggerStore.open(path);
    expect(await second.deliveries()).toEqual([expect.objectContaining({ id: 'd-1', status: 'received' })]);
    await second.close();
  });

  it('refuses a store written by a newer schema than it knows', async () => {
    await SqliteTriggerStore.open(path).close();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path);
    db.prepare('UPDATE schema_version SET version = 99').run();
    db.close();
    expect(() => SqliteTriggerStore.open(path)).toThrow(/schema version 99, newer than this Toolsteps knows/);
  });

  it('is what an engine binds when given a function opening it, opened on first use', async () => {
    const engine = await createEngine({ integrations: [], triggerStore: () => defaultTriggerStore(path) });
    expect(() => statSync(path)).toThrow();
    const store = engine.container.get<TriggerStore>(TOKENS.TriggerStore);
    expect(store).toBeInstanceOf(SqliteTriggerStore);
    expect(engine.container.get<TriggerStore>(TOKENS.TriggerStore)).toBe(store);
    await store.close();
    expect(statSync(path).isFile()).toBe(true);
  });
});
