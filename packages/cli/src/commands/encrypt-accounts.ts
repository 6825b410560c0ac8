import { DEFAULT_KEY_ENV, encryptAccountsFile } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';

/** `toolsteps encrypt-accounts <file>`: encrypts an accounts file in place (AES-256-GCM) with a key from the environment. */
export async function encryptAccountsCommand(
  file: string,
  options: { keyEnv?: string },
  cli: CliContext,
): Promise<number> {
  const keyEnv = options.keyEnv ?? DEFAULT_KEY_ENV;
  if (!process.env[keyEnv]) {
    throw new UsageError(
      `Set ${keyEnv} to the key first: 64 hex characters, e.g. export ${keyEnv}=$(openssl rand -hex 32); keep it outside the repository`,
    );
  }
  await encryptAccountsFile(file, { keyEnv });
  cli.output.line(`${file}: encrypted with the key in ${keyEnv}; toolsteps reads it while ${keyEnv} is set`);
  return EXIT.ok;
}
