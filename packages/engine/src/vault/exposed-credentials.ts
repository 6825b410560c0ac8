import { stat } from 'node:fs/promises';
import { secretValues } from '../secrets/secret-fields.js';
import type { LoadedAccountsFile } from './accounts-file.js';
import { usesEnvironment } from './env-placeholders.js';

/**
 * A warning when a plain accounts file holding credentials in clear can be read by other users of
 * the machine. The vault only narrows a file's mode when it writes it, and a file whose accounts all
 * read the environment may never be written; reading must not change it either, so it says so.
 */
export async function exposedCredentialsWarning(file: LoadedAccountsFile): Promise<string | undefined> {
  if (file.key !== undefined) return undefined;
  const info = await stat(file.path).catch(() => undefined);
  if (info === undefined || (info.mode & 0o077) === 0) return undefined;
  // Secret fields only: a `clientId` in clear is no reason to worry anyone.
  const inClear = file.document.accounts.some((account) =>
    secretValues(account.credentials ?? {}).some((value) => value !== '' && !usesEnvironment(value)),
  );
  if (!inClear) return undefined;
  const mode = (info.mode & 0o777).toString(8);
  return `${file.path} holds credentials in clear and other users can read it (mode ${mode}): run \`chmod 600 ${file.path}\`, or encrypt it with \`toolsteps encrypt-accounts ${file.path}\``;
}
