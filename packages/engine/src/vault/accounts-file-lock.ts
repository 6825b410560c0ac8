import { realpath } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@toolsteps/sdk';
import { processWarningLogger } from './environment-accounts-notice.js';
import { vaultFileError } from './vault-file-error.js';

/**
 * A holder refreshes its lock's mtime every half of this; a lock older than this belongs to a process
 * that died (kill -9) and is taken over. Every process must use the same value, or a short one would
 * take the lock of a live holder: so it is fixed, not an option. Writes hold it for milliseconds.
 */
export const LOCK_STALE_MS = 10_000;
/** Long enough to outwait a dead holder's lock going stale, short enough to fail a run clearly. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 250;

export interface AccountsFileLockOptions {
  /** Longest wait for another process's lock, then a `locked` error naming the file. */
  waitMs?: number;
  /** Told when the lock was lost while held (a stalled process); default: Node process warnings. */
  logger?: Logger;
}

/**
 * Runs `work` while this process alone may write `path`: a `<real path>.lock` folder beside the file
 * (proper-lockfile), so every process opening the file, through any link, takes the same lock. The
 * folder is removed when `work` settles, and on exit; one a killed process left goes stale and is taken.
 */
export async function withAccountsFileLock<T>(
  path: string,
  work: () => Promise<T>,
  { waitMs = DEFAULT_LOCK_WAIT_MS, logger = processWarningLogger }: AccountsFileLockOptions = {},
): Promise<T> {
  const release = await acquire(path, waitMs, logger);
  try {
    return await work();
  } finally {
    // Already released (the lock was compromised) or removed: nothing is left to clean.
    await release().catch(() => undefined);
  }
}

async function acquire(path: string, waitMs: number, logger: Logger): Promise<() => Promise<void>> {
  // Loaded with the first write, not with the engine.
  const { default: lockfile } = await import('proper-lockfile');
  const started = Date.now();
  let pauseMs = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return await lockfile.lock(path, {
        stale: LOCK_STALE_MS,
        realpath: true,
        // The default throws from a timer, ending the process: a lost lock is worth a warning only.
        onCompromised: () =>
          logger.warn(
            `Lost the write lock of accounts file ${path} while holding it (was this process stalled for over ${LOCK_STALE_MS / 1000}s?); another process may have written it at the same time`,
            { file: path },
          ),
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ELOCKED') throw lockError(path, code, error);
      if (Date.now() - started >= waitMs) {
        const lock = `${await realpath(path).catch(() => path)}.lock`;
        throw vaultFileError(
          path,
          'locked',
          `Accounts file ${path} stayed locked by another process for over ${formatSeconds(waitMs)}; try again later, or remove ${lock} if no toolsteps process uses the file`,
          { details: { lock } },
        );
      }
      // Jittered, so processes waiting together do not all ask again at the same moment.
      await sleep(pauseMs * (0.5 + Math.random() / 2));
      pauseMs = Math.min(pauseMs * 2, LONGEST_PAUSE_MS);
    }
  }
}

/** Taking the lock failed for a reason of the file system: the write fails as any write would. */
function lockError(path: string, code: string | undefined, cause: unknown) {
  if (code === 'ENOENT')
    return vaultFileError(path, 'missing_file', `Accounts file ${path} does not exist`, { cause });
  return vaultFileError(
    path,
    'write_failed',
    `Cannot write accounts file ${path} (${code ?? 'unknown error'}); it was left as it was`,
    { cause },
  );
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${Math.round(ms / 100) / 10}s`;
}
