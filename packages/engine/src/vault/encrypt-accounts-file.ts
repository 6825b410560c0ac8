import {
  type AccountsFileOptions,
  checkShape,
  isEnvelope,
  parseJson,
  readAccountsText,
  vaultKey,
  writeAccountsFile,
} from './accounts-file.js';
import { withAccountsFileLock } from './accounts-file-lock.js';
import { removeStaleTemporaryFiles } from './temporary-files.js';
import { vaultFileError } from './vault-file-error.js';

/**
 * Encrypts a plain accounts file in place (atomically) with the key from the environment.
 * The file must be a valid accounts file; `${NAME}` placeholders stay placeholders. Plaintext
 * temporary copies a killed writer left beside it go too: encrypting is meant to leave none.
 */
export async function encryptAccountsFile(path: string, options: AccountsFileOptions = {}): Promise<void> {
  await removeStaleTemporaryFiles(path);
  // Under the lock workers take to save tokens: none of their updates is lost, nor written in clear after.
  await withAccountsFileLock(path, async () => {
    const parsed = parseJson(path, await readAccountsText(path), 'is not valid JSON');
    if (isEnvelope(parsed)) {
      throw vaultFileError(path, 'already_encrypted', `Accounts file ${path} is already encrypted`);
    }
    const document = checkShape(path, parsed);
    await writeAccountsFile(path, document, vaultKey(path, options, true));
  });
}
