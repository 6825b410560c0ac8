import { DEFAULT_KEY_ENV, encryptAccountsFile } from '@toolsteps/engine';
import type { Command } from 'commander';
import type { CliContext } from '../cli-context.js';
import type { CommandKit } from '../command-kit.js';
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

export function addEncryptAccountsCommand(program: Command, { action }: CommandKit): void {
  program
    .command('encrypt-accounts')
    .description('encrypt an accounts file in place with the key in TOOLSTEPS_VAULT_KEY (AES-256-GCM)')
    .argument('<file>', 'accounts JSON file')
    .option('--key-env <name>', 'the environment variable holding the key', 'TOOLSTEPS_VAULT_KEY')
    .action(action((cli, file: string, options) => encryptAccountsCommand(file, options, cli)));
}
