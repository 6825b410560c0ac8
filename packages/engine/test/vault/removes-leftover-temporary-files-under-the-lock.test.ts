import { chmod, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { withAccountsFileLock } from '../../src/vault/accounts-file-lock.js';
import { FileVault } from '../../src/vault/index.js';
import { recordingLogger } from '../security/vault/support/vault-files.js';
import { accountsFile, type TempAccounts } from './accounts-fixture.js';

const document = {
  accounts: [{ id: 'gh-bot', integration: 'github', name: 'bot', credentials: { token: 'gh-token' } }],
};

let file: TempAccounts | undefined;
afterEach(async () => {
  await file?.remove();
  file = undefined;
});

async function open() {
  file = await accountsFile(document);
  await chmod(file.path, 0o600);
  return file;
}

/** A temporary file as a writer with pid `pid` names it (writers hold the lock while it exists). */
async function temporaryFile(current: TempAccounts, pid: number, hex = '0123abcd'): Promise<string> {
  const path = join(current.dir, `accounts.json.toolsteps-${pid}-${hex}.tmp`);
  await writeFile(path, JSON.stringify(document));
  return path;
}

describe('opening an accounts file removes leftover temporary files under its write lock', () => {
  it('removes them whatever their pid says when no write holds the lock: pids of another container mean nothing here', async () => {
    const current = await open();
    // Pids of live processes (the one that started Jest, and this one), written a moment ago.
    const leftovers = [await temporaryFile(current, process.ppid), await temporaryFile(current, process.pid)];
    const logger = recordingLogger();

    const vault = await FileVault.open(current.path, { env: {}, logger });

    expect(await current.files()).toEqual(['accounts.json']);
    expect((await vault.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token');
    expect(logger.entries).toEqual([
      {
        level: 'info',
        message: `Removed temporary files an interrupted write of ${current.path} left`,
        fields: { removed: expect.arrayContaining(leftovers) },
      },
    ]);
  });

  it('keeps the file of a write in progress (it holds the lock), opens without waiting, and removes it at a later open', async () => {
    const current = await open();
    let inProgress = '';

    await withAccountsFileLock(current.path, async () => {
      inProgress = await temporaryFile(current, 999999999);
      const started = Date.now();
      const vault = await FileVault.open(current.path, { env: {}, logger: recordingLogger() });

      expect((await vault.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token');
      expect((await stat(inProgress)).isFile()).toBe(true);
      // Not the 30s an update would wait for the lock.
      expect(Date.now() - started).toBeLessThan(5_000);
    });
    // The write was killed before renaming its file: once its lock is gone, the file is a leftover.
    await FileVault.open(current.path, { env: {}, logger: recordingLogger() });

    expect(await current.files()).toEqual(['accounts.json']);
  });
});
