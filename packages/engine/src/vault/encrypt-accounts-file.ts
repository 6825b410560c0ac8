import {
  type AccountsFileOptions,
  checkShape,
  isEnvelope,
  parseJson,
  readAccountsText,
  vaultKey,
  writeAccountsFile,
} from './accounts-file.js';
import { removeStaleTemporaryFiles } from './temporary-files.js';
import { vaultFileError } from './vault-file-error.js';

/**
 * Encrypts a plain accounts file in place (atomically) with the key from the environment.
 * The file must be a valid accounts file; `${NAME}` placeholders stay placeholders. Plaintext
 * temporary copies a killed writer left beside it go too: encrypting is meant to leave none.
 */
export async function encryptAccountsFile(path: string, options: AccountsFileOptions = {}): Promise<void> {
  await removeStaleTemporaryFiles(path);
  const parsed = parseJson(path, await readAccountsText(path), 'is not valid JSON');
  if (isEnvelope(parsed)) {
    throw vaultFileError(path, 'already_encrypted', `Accounts file ${path} is already encrypted`);
  }
  const document = checkShape(path, parsed);
  await writeAccountsFile(path, document, vaultKey(path, options, true));
}
