import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ConnectedAccount } from '@toolsteps/sdk';
import { encryptAccountsFile, FileVault } from '../../../src/vault/index.js';
import { KEY_HEX } from '../../vault/accounts-fixture.js';
import { recordingLogger, type VaultFolder, vaultFolder } from './support/vault-files.js';

const env = { TOOLSTEPS_VAULT_KEY: KEY_HEX };
/** What `engine.connect` stores once a user authorized: secrets only the vault may hold. */
const connected: ConnectedAccount = {
  id: 'gh-alice',
  user: 'alice',
  integration: 'github',
  name: 'alice-octo',
  settings: {},
  credentials: { accessToken: 'gho-added-secret-access', refreshToken: 'ghr-added-secret-refresh' },
};
const existing = {
  accounts: [
    { id: 'zd', integration: 'zendesk', name: 'Support', credentials: { token: 'zd-existing-secret' } },
  ],
};

let folder: VaultFolder | undefined;
afterEach(() => folder?.remove());

/** Whether any file in the folder holds one of the texts, in clear; nothing is printed either way. */
async function anyInClear(texts: string[]): Promise<boolean> {
  const dir = folder as VaultFolder;
  for (const name of await dir.files()) {
    const bytes = await readFile(join(dir.dir, name));
    if (texts.some((text) => bytes.includes(Buffer.from(text)))) return true;
  }
  return false;
}

const ADDED = ['gho-added-secret-access', 'ghr-added-secret-refresh'];

describe('accounts added to an encrypted accounts file are encrypted at rest', () => {
  it('an account added to an encrypted file is nowhere in clear, nor is any other, and reads back with the key', async () => {
    folder = await vaultFolder(existing, 0o600);
    await encryptAccountsFile(folder.path, { env });
    const vault = await FileVault.open(folder.path, { env, logger: recordingLogger() });

    await vault.add(connected);

    expect(await anyInClear([...ADDED, 'zd-existing-secret', 'alice-octo'])).toBe(false);
    expect(await folder.files()).toEqual(['accounts.json']);
    const reopened = await FileVault.open(folder.path, { env });
    expect(reopened.encrypted).toBe(true);
    expect(await reopened.get({ id: 'gh-alice', user: 'alice' })).toEqual(connected);
  });

  it('a file the first add creates while the key is set is encrypted from its first byte', async () => {
    folder = await vaultFolder(existing);
    const path = join(folder.dir, 'connected.json');
    const vault = await FileVault.open(path, { env, create: true });

    await vault.add(connected);
    await vault.update({ ...connected, credentials: { accessToken: 'gho-refreshed-secret' } });

    // The folder's plain accounts.json holds none of them either: nothing of this vault is written there.
    expect(await anyInClear([...ADDED, 'gho-refreshed-secret', 'alice'])).toBe(false);
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')))).toEqual([
      'toolstepsVault',
      'alg',
      'iv',
      'tag',
      'data',
    ]);
    const reopened = await FileVault.open(path, { env });
    expect((await reopened.get({ id: 'gh-alice', user: 'alice' })).credentials).toEqual({
      accessToken: 'gho-refreshed-secret',
    });
  });
});
