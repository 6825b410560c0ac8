import { type FileHandle, open, realpath, rename, rm, stat } from 'node:fs/promises';
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
  let handle: FileHandle | undefined;
  try {
    // `wx`: never reuse or follow something already at that name.
    handle = await open(temporary, 'wx', mode);
    // The umask may only have narrowed `mode`; chmod makes it exact before any byte is written.
    await handle.chmod(mode);
    if (existing && process.getuid?.() === 0) await handle.chown(existing.uid, existing.gid);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await hooks.beforeRename?.(temporary);
    await rename(temporary, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  } finally {
    releaseTemporaryPath(temporary);
  }
}
