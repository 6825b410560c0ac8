import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import { FileVault } from '../../../src/vault/index.js';
import { recordingLogger, type VaultFolder, vaultFolder } from './support/vault-files.js';

/** A user disconnects an account: its tokens must not stay readable on disk. */
const document = {
  accounts: [
    {
      id: 'gh',
      user: 'alice',
      integration: 'github',
      name: 'octo',
      credentials: { token: 'gho-disconnected-secret' },
    },
    { id: 'gh', user: 'bob', integration: 'github', name: 'octo', credentials: { token: 'gho-kept-secret' } },
  ],
};

let folder: VaultFolder | undefined;
afterEach(() => folder?.remove());

describe('removing an account takes its credentials out of the file', () => {
  it('the removed account is gone from the plain file, and only it', async () => {
    folder = await vaultFolder(document, 0o600);
    const vault = await FileVault.open(folder.path, { env: {}, logger: recordingLogger() });

    expect(await vault.remove({ id: 'gh', user: 'alice' })).toBe(true);

    const text = await readFile(folder.path, 'utf8');
    // Checked without printing the file: on failure it would hold the secret.
    expect(text.includes('gho-disconnected-secret')).toBe(false);
    expect(JSON.parse(text)).toEqual({ accounts: [document.accounts[1]] });
    expect(await folder.files()).toEqual(['accounts.json']);
    const reopened = await FileVault.open(folder.path, { env: {} });
    expect((await reopened.get({ id: 'gh', user: 'bob' })).credentials.token).toBe('gho-kept-secret');
  });
});
