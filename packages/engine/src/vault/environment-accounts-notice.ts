import type { Logger } from '@toolsteps/sdk';

/**
 * What the vault tells the user when an account whose credentials come from `${NAME}` placeholders
 * gets new ones (an OAuth refresh). Names the file and the account, never a value.
 */
export function keptInMemoryNotice(file: string, account: string): string {
  return (
    `Account "${account}" takes its credentials from the environment, so its refreshed credentials are kept ` +
    `in memory for this process only and ${file} is left as it is. To keep them across runs, encrypt the ` +
    `file (toolsteps encrypt-accounts ${file}) or use a credential vault.`
  );
}

export function savedEncryptedNotice(file: string, account: string, fields: string[]): string {
  return (
    `Account "${account}" took ${fields.join(', ')} from the environment; the refreshed values are now saved ` +
    `encrypted in ${file} in place of those placeholders, and the environment is no longer read for them.`
  );
}

/** Without an engine logger, warnings still reach the user, as Node process warnings (stderr). */
export const processWarningLogger: Logger = {
  debug() {},
  info() {},
  warn(message) {
    process.emitWarning(message, { code: 'TOOLSTEPS_ACCOUNTS_FILE' });
  },
  error(message) {
    process.emitWarning(message, { code: 'TOOLSTEPS_ACCOUNTS_FILE' });
  },
};
