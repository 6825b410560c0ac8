import { chmod, chown, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { withAccountsFileLock } from '../../src/vault/accounts-file-lock.js';
import { FileVault } from '../../src/vault/index.js';
import type { CliProcess } from '../cli/support/cli-process.js';
import { recordingLogger } from '../security/vault/support/vault-files.js';
import { accountsFile, type TempAccounts } from './accounts-fixture.js';
import { startChild } from './support/child-process.js';

// The read-only case starts a child that compiles TypeScript with tsx: generous, and never asserted on.
jest.setTimeout(120_000);

const document = {
  accounts: [{ id: 'gh-bot', integration: 'github', name: 'bot', credentials: { token: 'gh-token' } }],
};
/** Anyone, when the test runs as root: root writes into any folder, so it cannot show a read-only one. */
const NOBODY = 65534;

let file: TempAccounts | undefined;
let child: CliProcess | undefined;
afterEach(async () => {
  child?.child.kill('SIGKILL');
  await child?.exited.catch(() => undefined);
  child = undefined;
  if (file) await chmod(file.dir, 0o700);
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

  it('opens a file in a read-only folder, where no lock can be taken and no write of ours can be', async () => {
    const current = await open();
    const leftover = await temporaryFile(current, 999999999);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) await chown(current.path, NOBODY, NOBODY);
    await chmod(current.dir, 0o555);

    child = startChild(
      'vault-opener.ts',
      { ACCOUNTS_FILE: current.path },
      asRoot ? { uid: NOBODY, gid: NOBODY } : {},
    );

    const result = await child.exited;
    expect(result.stdout).toBe('opened: ["gh-bot"]\n');
    expect(result.code).toBe(0);
    expect((await current.files()).sort()).toEqual(['accounts.json', basename(leftover)]);
  });
});
