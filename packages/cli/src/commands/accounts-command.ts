import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const accountsCommand: typeof import('./accounts.js').accountsCommand = async (...args) =>
  (await import('./accounts.js')).accountsCommand(...args);

export function addAccountsCommand(program: Command, { action }: CommandKit): void {
  program
    .command('accounts')
    .description('list the accounts of an accounts file: id, integration, name and user, never credentials')
    .requiredOption('--accounts <file>', 'the accounts file')
    .option('--user <name>', "only this end user's accounts")
    .option('--integration <id>', "only this integration's accounts")
    .addOption(jsonOption())
    .action(action((cli, options) => accountsCommand(options, cli)));
}
