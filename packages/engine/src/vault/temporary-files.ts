import { randomBytes } from 'node:crypto';
import { readdir, realpath, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A live pid may be reused by now: a temporary file this old is a leftover whatever its pid says. */
const LEFTOVER_AFTER_MS = 60 * 60 * 1000;

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
 * may be plaintext copies of the accounts. Only our names are touched, and only when their writer is
 * gone, so a write in progress in another process keeps its file. Never fails: cleaning is best effort.
 */
export async function removeStaleTemporaryFiles(path: string): Promise<string[]> {
  // Writes go beside the file a symlink points to, so leftovers are there.
  const target = await realpath(path).catch(() => path);
  const folder = dirname(target);
  // Our temporary files only: the write lock beside the file (`<name>.lock`, a folder) is not one, and
  // proper-lockfile alone decides when it is stale.
  const ours = new RegExp(`^${escapeRegExp(basename(target))}\\.toolsteps-(\\d+)-[0-9a-f]{8}\\.tmp$`);
  const names = await readdir(folder).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(ours.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid)) continue;
    const path = join(folder, name);
    if (!(await isStale(path, pid))) continue;
    await rm(path, { force: true }).then(
      () => removed.push(path),
      () => undefined,
    );
  }
  return removed;
}

async function isStale(path: string, pid: number): Promise<boolean> {
  // Our own pid on a file we are not writing: an earlier process had this pid (a restarted container).
  if (pid === process.pid) return !writingHere.has(path);
  if (!isRunning(pid)) return true;
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs > LEFTOVER_AFTER_MS;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
