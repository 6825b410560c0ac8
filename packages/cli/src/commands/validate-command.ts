import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const validateCommand: typeof import('./validate.js').validateCommand = async (...args) =>
  (await import('./validate.js')).validateCommand(...args);

export function addValidateCommand(program: Command, { action }: CommandKit): void {
  program
    .command('validate')
    .description('check workflow files and report every problem with line:column')
    .argument('<files...>', 'workflow JSON files')
    .option('--accounts <file>', 'also check that the accounts the workflows name exist')
    .addOption(jsonOption())
    .action(action((cli, files: string[], options) => validateCommand(files, options, cli)));
}
