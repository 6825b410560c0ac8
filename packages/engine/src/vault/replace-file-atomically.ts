import { link, lstat, open, realpath, rename, rm, stat } from 'node:fs/promises';
import { releaseTemporaryPath, temporaryPathFor } from './temporary-files.js';

/** Read and write for the owner only: the file holds credentials, or may once an update lands. */
const OWNER_ONLY = 0o600;

export interface ReplaceFileHooks {
  /** Called once the temporary file holds the whole new text, just before the rename (for tests of a crash there). */
  beforeRename?: (temporaryPath: string) => Promise<void>;
}

/**
 * Replaces `path` with `text` through a temporary file in its folder and a rename, so readers see the
 * old file or the new one, never half of one. Both files are owner-only (0600) from their first byte;
 * an existing file that was even more closed (0400) stays so, and its owner is kept when root writes.
 */
export async function replaceFileAtomically(
  path: string,
  text: string,
  hooks: ReplaceFileHooks = {},
): Promise<void> {
  // A linked accounts file keeps its link: the file it points to is replaced, not the link itself.
  const target = await realpath(path).catch(() => path);
  const existing = await stat(target).catch(() => undefined);
  const mode = (existing ? existing.mode & OWNER_ONLY : OWNER_ONLY) || OWNER_ONLY;
  const temporary = temporaryPathFor(target);
  try {
    await writeTemporaryFile(
      temporary,
      text,
      mode,
      existing && process.getuid?.() === 0 ? existing : undefined,
    );
    await hooks.beforeRename?.(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  } finally {
    releaseTemporaryPath(temporary);
  }
}

/**
 * Creates `path` holding `text`, owner-only (0600), unless something is already there (false then,
 * and that file is left as it is). Written whole to a temporary file first and linked into place, so
 * no reader ever sees the new file empty or half written, and of two processes creating it, one wins.
 */
export async function createFileAtomically(path: string, text: string): Promise<boolean> {
  const temporary = temporaryPathFor(path);
  try {
    await writeTemporaryFile(temporary, text, OWNER_ONLY);
    // Unlike a rename, a link never replaces what is there.
    return await link(temporary, path).then(
      () => true,
      async (error: unknown) => {
        // EEXIST; or, once another process created it, its cleanup of leftovers took our temporary file.
        if (await exists(path)) return false;
        throw error;
      },
    );
  } finally {
    // Once linked, the file lives on under `path` alone.
    await rm(temporary, { force: true }).catch(() => undefined);
    releaseTemporaryPath(temporary);
  }
}

/** Writes `text` to a new file with exactly `mode` from its first byte, flushed to disk; the caller removes it on failure. */
async function writeTemporaryFile(
  temporary: string,
  text: string,
  mode: number,
  owner?: { uid: number; gid: number },
): Promise<void> {
  // `wx`: never reuse or follow something already at that name.
  const handle = await open(temporary, 'wx', mode);
  try {
    // The umask may only have narrowed `mode`; chmod makes it exact before any byte is written.
    await handle.chmod(mode);
    if (owner) await handle.chown(owner.uid, owner.gid);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Whether anything (a link too, even a dangling one) is at `path`. */
function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}
