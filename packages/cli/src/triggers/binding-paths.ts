import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../exit-codes.js';

/** How a folder marks its bindings apart from the workflows beside them. */
export const BINDING_FILE_SUFFIX = '.binding.json';

/**
 * The binding files named on the command line: a file is taken as given, a folder for its
 * `*.binding.json` files (not its subfolders), each once, in the order named then by name.
 */
export async function bindingPaths(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (info === undefined) throw new UsageError(`No file or folder ${path}`);
    if (!info.isDirectory()) {
      files.push(path);
      continue;
    }
    const entries = await readdir(path, { withFileTypes: true });
    const found = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(BINDING_FILE_SUFFIX))
      .map((entry) => join(path, entry.name))
      .sort();
    if (found.length === 0)
      throw new UsageError(`The folder ${path} holds no binding file (*${BINDING_FILE_SUFFIX})`);
    files.push(...found);
  }
  return [...new Set(files)];
}
