import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const disconnectCommand: typeof import('./disconnect.js').disconnectCommand = async (...args) =>
  (await import('./disconnect.js')).disconnectCommand(...args);

export function addDisconnectCommand(program: Command, { action }: CommandKit): void {
  program
    .command('disconnect')
    .description("revoke an account's grant where the provider can, and remove it from the accounts file")
    .argument('<account>', 'the account id (see `toolsteps accounts`)')
    .requiredOption('--accounts <file>', 'the accounts file')
    .option('--user <name>', 'the end user the account belongs to (default: an account of no user)')
    .option(
      '--client-id <id>',
      "the OAuth app's client id, for a revocation that needs it (default: TOOLSTEPS_<INTEGRATION>_CLIENT_ID)",
    )
    .option(
      '--client-secret-file <file>',
      "the OAuth app's client secret, read from this file (default: TOOLSTEPS_<INTEGRATION>_CLIENT_SECRET)",
    )
    .addOption(jsonOption())
    .action(action((cli, account: string, options) => disconnectCommand(account, options, cli)));
}
