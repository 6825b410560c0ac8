import { spawn } from 'node:child_process';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { FileVault } from '@toolsteps/engine';
import {
  recordingLogger,
  type VaultFolder,
  vaultFolder,
} from '../../../../engine/test/security/vault/support/vault-files.js';
import { cliEnv, watch } from '../../support/cli-process.js';

// The writer child compiles TypeScript with tsx on a slow shared box: generous, and never asserted on.
jest.setTimeout(120_000);

const ENGINE = resolve(import.meta.dirname, '../../..');
const WRITER = join(import.meta.dirname, 'support/writer-killed-before-rename.ts');
const document = {
  accounts: [
    { id: 'gh-bot', integration: 'github', name: 'bot', credentials: { token: 'gh-token-on-disk' } },
  ],
};

let folder: VaultFolder | undefined;
afterEach(() => folder?.remove());

/** Starts a real writer of the file and waits until it has written its temporary file, not yet renamed. */
async function writerPausedBeforeRename(path: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, path], {
    cwd: ENGINE,
    env: cliEnv({ ACCOUNT_TOKEN: 'gh-token-being-written' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const writer = watch(child);
  const [, temporaryPath] = await writer.waitFor(/^paused before rename: (.+)$/m);
  return { child, exited: writer.exited, temporaryPath };
}

describe('opening an accounts file removes the temporary files a killed writer left', () => {
  it('keeps the file of a writer still running (it holds the lock), and removes it once that writer is killed with SIGKILL and its lock is stale', async () => {
    folder = await vaultFolder(document, 0o600);
    const writer = await writerPausedBeforeRename(folder.path);
    const leftover = basename(writer.temporaryPath);
    expect(leftover).toMatch(
      new RegExp(`^accounts\\.json\\.toolsteps-${writer.child.pid}-[0-9a-f]{8}\\.tmp$`),
    );
    // A plaintext copy of the accounts, so readable by its owner only (checked without printing it).
    expect((await readFile(writer.temporaryPath, 'utf8')).includes('gh-token-being-written')).toBe(true);
    expect(((await stat(writer.temporaryPath)).mode & 0o777).toString(8)).toBe('600');

    // The writer holds the file's lock: its write is in progress, whatever its pid says.
    await FileVault.open(folder.path, { env: {}, logger: recordingLogger() });
    expect(await folder.files()).toEqual(['accounts.json', 'accounts.json.lock', leftover]);

    writer.child.kill('SIGKILL');
    expect((await writer.exited).signal).toBe('SIGKILL');
    expect(await folder.files()).toEqual(['accounts.json', 'accounts.json.lock', leftover]);
    // A lock no process refreshes goes stale after 10 s: aged here rather than waited for.
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await utimes(join(folder.dir, 'accounts.json.lock'), aMinuteAgo, aMinuteAgo);

    const logger = recordingLogger();
    const vault = await FileVault.open(folder.path, { env: {}, logger });
    expect(await folder.files()).toEqual(['accounts.json']);
    expect((await vault.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token-on-disk');
    expect(logger.entries).toEqual([
      {
        level: 'info',
        message: `Removed temporary files an interrupted write of ${folder.path} left`,
        fields: { removed: [writer.temporaryPath] },
      },
    ]);
  });

  it('removes one whose pid is alive but which is an hour old (the pid was reused)', async () => {
    folder = await vaultFolder(document, 0o600);
    // Written the way the writer names it, by a process that is running: the one that started Jest.
    const leftover = join(folder.dir, `accounts.json.toolsteps-${process.ppid}-0123abcd.tmp`);
    await writeFile(leftover, JSON.stringify(document));
    const anHourAndAMinuteAgo = new Date(Date.now() - 61 * 60 * 1000);
    await utimes(leftover, anHourAndAMinuteAgo, anHourAndAMinuteAgo);

    await FileVault.open(folder.path, { env: {}, logger: recordingLogger() });

    expect(await folder.files()).toEqual(['accounts.json']);
  });

  it('removes one that names this very pid but that this process is not writing (a restarted container)', async () => {
    folder = await vaultFolder(document, 0o600);
    const leftover = join(folder.dir, `accounts.json.toolsteps-${process.pid}-0123abcd.tmp`);
    await writeFile(leftover, JSON.stringify(document));

    await FileVault.open(folder.path, { env: {}, logger: recordingLogger() });

    expect(await folder.files()).toEqual(['accounts.json']);
  });

  it('encrypting the file removes them too: no plaintext copy stays beside the encrypted file', async () => {
    folder = await vaultFolder(document, 0o600);
    // Named the way the writer names it, by a process that is gone (no pid goes this high on Linux).
    const leftover = join(folder.dir, 'accounts.json.toolsteps-999999999-0123abcd.tmp');
    await writeFile(leftover, JSON.stringify(document));

    await FileVault.encryptFile(folder.path, undefined, { TOOLSTEPS_VAULT_KEY: '11'.repeat(32) });

    expect(await folder.files()).toEqual(['accounts.json']);
  });

  it('leaves every other file of the folder alone', async () => {
    folder = await vaultFolder(document, 0o600);
    const others = [
      'accounts.json.bak',
      'accounts.json.1234567890',
      'accounts.json.toolsteps-notapid-0123abcd.tmp',
      'other.json.toolsteps-999999999-0123abcd.tmp',
      'xaccounts.json.toolsteps-999999999-0123abcd.tmp',
    ];
    for (const name of others) await writeFile(join(folder.dir, name), '{}');

    await FileVault.open(folder.path, { env: {}, logger: recordingLogger() });

    expect(await folder.files()).toEqual(['accounts.json', ...others].sort());
    expect((await stat(folder.path)).isFile()).toBe(true);
  });
});
