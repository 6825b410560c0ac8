import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const encryptAccountsCommand: typeof import('./encrypt-accounts.js').encryptAccountsCommand = async (
  ...args
) => (await import('./encrypt-accounts.js')).encryptAccountsCommand(...args);

export function addEncryptAccountsCommand(program: Command, { action }: CommandKit): void {
  program
    .command('encrypt-accounts')
    .description('encrypt an accounts file in place with the key in TOOLSTEPS_VAULT_KEY (AES-256-GCM)')
    .argument('<file>', 'accounts JSON file')
    .option('--key-env <name>', 'the environment variable holding the key', 'TOOLSTEPS_VAULT_KEY')
    .action(action((cli, file: string, options) => encryptAccountsCommand(file, options, cli)));
}
