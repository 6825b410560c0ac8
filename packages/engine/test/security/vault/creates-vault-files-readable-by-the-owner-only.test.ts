import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createAccountsFile, writeAccountsFile } from '../../../src/vault/accounts-file.js';
import { FileVault } from '../../../src/vault/index.js';
import { recordingLogger, type VaultFolder, vaultFolder } from './support/vault-files.js';

const KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
/** Credentials written in the file itself, as a user may: updates rewrite the file with new ones. */
const document = {
  accounts: [{ id: 'gh-bot', integration: 'github', name: 'bot', credentials: { token: 'gh-token-old' } }],
};

let folder: VaultFolder | undefined;
afterEach(() => folder?.remove());

async function refreshToken(vault: FileVault): Promise<void> {
  const account = await vault.get({ id: 'gh-bot' });
  await vault.update({ ...account, credentials: { token: 'gh-token-new' } });
}

describe('files the vault writes are readable by their owner only', () => {
  it('an update leaves a world-readable (0644) accounts file at 0600', async () => {
    folder = await vaultFolder(document, 0o644);
    const vault = await FileVault.open(folder.path, { env: {}, logger: recordingLogger() });

    await refreshToken(vault);

    expect((await folder.mode()).toString(8)).toBe('600');
  });

  it('the temporary file is 0600 and sits beside the accounts file under a name that says whose it is', async () => {
    folder = await vaultFolder(document, 0o644);
    let seen: { path: string; mode: string } | undefined;

    await writeAccountsFile(folder.path, document, undefined, {
      beforeRename: async (path) => {
        seen = { path, mode: ((await stat(path)).mode & 0o777).toString(8) };
      },
    });

    expect(seen?.mode).toBe('600');
    expect(dirname(seen?.path ?? '')).toBe(folder.dir);
    expect(basename(seen?.path ?? '')).toMatch(
      new RegExp(`^accounts\\.json\\.toolsteps-${process.pid}-[0-9a-f]{8}\\.tmp$`),
    );
    expect(await folder.files()).toEqual(['accounts.json']);
  });

  it('encrypting a world-readable plain file leaves it at 0600', async () => {
    folder = await vaultFolder(document, 0o644);

    await FileVault.encryptFile(folder.path, undefined, { TOOLSTEPS_VAULT_KEY: KEY });

    expect((await folder.mode()).toString(8)).toBe('600');
  });

  it('a new accounts file is created 0600', async () => {
    folder = await vaultFolder(document);
    const path = join(folder.dir, 'new-accounts.json');

    await writeAccountsFile(path, document);

    expect((await folder.mode('new-accounts.json')).toString(8)).toBe('600');
  });

  it('a file the first add of a vault opened with create makes is 0600, whatever the umask', async () => {
    folder = await vaultFolder(document);
    const path = join(folder.dir, 'connected.json');
    const vault = await FileVault.open(path, { env: {}, create: true });
    const umask = process.umask(0);
    try {
      await vault.add({ ...document.accounts[0], id: 'gh-new', name: 'new-bot', settings: {} });
    } finally {
      process.umask(umask);
    }

    expect((await folder.mode('connected.json')).toString(8)).toBe('600');
    expect(await folder.files()).toEqual(['accounts.json', 'connected.json']);
  });

  it('a new empty accounts file is created 0600 whatever the umask, and never over an existing file', async () => {
    folder = await vaultFolder(document);
    const path = join(folder.dir, 'empty.json');
    const umask = process.umask(0);
    try {
      expect(await createAccountsFile(path)).toBe(true);
    } finally {
      process.umask(umask);
    }

    expect((await folder.mode('empty.json')).toString(8)).toBe('600');
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ accounts: [] });
    const before = await readFile(folder.path);
    expect(await createAccountsFile(folder.path)).toBe(false);
    expect(await readFile(folder.path)).toEqual(before);
    expect(await folder.files()).toEqual(['accounts.json', 'empty.json']);
  });

  it('a file the user made read-only (0400) is not opened wider', async () => {
    folder = await vaultFolder(document, 0o400);
    const vault = await FileVault.open(folder.path, { env: {}, logger: recordingLogger() });

    await refreshToken(vault);

    expect((await folder.mode()).toString(8)).toBe('400');
    const reopened = await FileVault.open(folder.path, { env: {} });
    expect((await reopened.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token-new');
  });
});
