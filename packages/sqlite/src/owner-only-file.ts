import { chmodSync, closeSync, constants, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes sure the store's file exists readable by its owner only (0600) before SQLite opens it: it
 * holds webhook secrets, in the clear when no key seals them. SQLite gives its `-wal` and `-shm`
 * files the database file's permissions, so they are owner-only too. A looser existing file is tightened.
 */
export function ownerOnlyFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
}
