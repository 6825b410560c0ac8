import { randomBytes } from 'node:crypto';
import { readdir, realpath, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Logger } from '@toolsteps/sdk';
import { withAccountsFileLock } from './accounts-file-lock.js';
import { processWarningLogger } from './environment-accounts-notice.js';

/**
 * Where a new version of `target` is written before it is renamed over it: the same folder (so the
 * rename is atomic), a name that says whose it is (toolsteps) and which process wrote it (pid).
 */
export function temporaryPathFor(target: string): string {
  const path = join(
    dirname(target),
    `${basename(target)}.toolsteps-${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  );
  writingHere.add(path);
  return path;
}

/** The temporary files this process is writing now. */
const writingHere = new Set<string>();

/** The write that used `path` ended, renamed or removed. */
export function releaseTemporaryPath(path: string): void {
  writingHere.delete(path);
}

/**
 * Deletes the temporary files of `target` that a killed writer (kill -9, power loss) left behind: they
 * may be plaintext copies of the accounts. Done under the file's write lock, which every update holds
 * for its whole write: no write is in progress meanwhile, so every file of ours is a leftover. Their
 * pid cannot tell: a writer in another container sharing the volume has its own pid namespace.
 * Never fails, nor waits: cleaning is best effort, and the next open tries again.
 */
export async function removeStaleTemporaryFiles(
  path: string,
  logger: Logger = processWarningLogger,
): Promise<string[]> {
  // One try, no wait. Held by a live process: a write is in progress (its file must stay), and opening
  // should not wait for it, nor up to LOCK_STALE_MS for a dead holder's lock. A read-only folder
  // (EROFS, EACCES) cannot hold the lock, nor any write of ours, so there is nothing to clean.
  return withAccountsFileLock(path, () => removeOurTemporaryFiles(path), { waitMs: 0, logger }).catch(
    () => [],
  );
}

async function removeOurTemporaryFiles(path: string): Promise<string[]> {
  // Writes go beside the file a symlink points to, so leftovers are there.
  const target = await realpath(path).catch(() => path);
  const folder = dirname(target);
  // Our temporary files only: the write lock beside the file (`<name>.lock`, a folder) is not one.
  const ours = new RegExp(`^${escapeRegExp(basename(target))}\\.toolsteps-\\d+-[0-9a-f]{8}\\.tmp$`);
  const names = await readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const path = join(folder, name);
    // A write that takes no lock (emulate's --accounts-out) may be in progress in this very process.
    if (!ours.test(name) || writingHere.has(path)) continue;
    await rm(path, { force: true }).then(
      () => removed.push(path),
      () => undefined,
    );
  }
  return removed;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
