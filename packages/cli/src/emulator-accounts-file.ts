import { readFile } from 'node:fs/promises';
import type { AccountsFileDocument } from '@toolsteps/engine';
import { writeAccountsFile } from '@toolsteps/engine/adapters';
import { UsageError } from './exit-codes.js';

/**
 * Fails unless `path` is free or holds a file `emulate` wrote (one with an `emulators` part): an
 * accounts file of real accounts, or anything else, is never replaced by demo accounts. Checked
 * before the emulators start, so a refusal takes no port.
 */
export async function checkEmulatorAccountsFileTarget(path: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'EISDIR') throw new UsageError(`--accounts-out ${path} is a folder: name a file`);
    throw new UsageError(
      `--accounts-out ${path} cannot be read (${code ?? 'unknown error'}), so it is not replaced`,
    );
  }
  if (!writtenByEmulate(text)) {
    throw new UsageError(
      `--accounts-out ${path} exists and was not written by \`toolsteps emulate\`, so it is not replaced: remove it or name another file`,
    );
  }
}

/** Writes the file owner-only (0600) through a temporary file and a rename, after checking it again. */
export async function writeEmulatorAccountsFile(path: string, document: AccountsFileDocument): Promise<void> {
  await checkEmulatorAccountsFileTarget(path);
  await writeAccountsFile(path, document);
}

/** Never echoes the text: a file that is not ours may hold secrets. */
function writtenByEmulate(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      Array.isArray((parsed as { emulators?: unknown }).emulators)
    );
  } catch {
    return false;
  }
}
