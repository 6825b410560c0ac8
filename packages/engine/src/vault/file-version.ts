import { stat } from 'node:fs/promises';

/** What `fileVersion` says of a path where no file can be read. */
export const NO_FILE = 'no file';

/**
 * Which version of a file is on disk, from one `stat` (no read): writers replace the file by a rename,
 * so a new version has a new inode, and nanosecond times tell apart even an edit in place of the same
 * size. Cheap enough for every account look-up.
 */
export async function fileVersion(path: string): Promise<string> {
  const info = await stat(path, { bigint: true }).catch(() => undefined);
  if (info === undefined) return NO_FILE;
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}
