import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const triggersCommand: typeof import('./triggers.js').triggersCommand = async (...args) =>
  (await import('./triggers.js')).triggersCommand(...args);

export function addTriggersCommand(program: Command, { action }: CommandKit): void {
  program
    .command('triggers')
    .description('list the installed triggers')
    .option('--integration <id>', 'only the triggers of one integration')
    .addOption(jsonOption())
    .action(action((cli, options) => triggersCommand(options, cli)));
}
