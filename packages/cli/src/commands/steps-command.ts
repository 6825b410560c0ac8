import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const stepsCommand: typeof import('./steps.js').stepsCommand = async (...args) =>
  (await import('./steps.js')).stepsCommand(...args);

export function addStepsCommand(program: Command, { action }: CommandKit): void {
  program
    .command('steps')
    .description('list the installed steps')
    .option('--integration <id>', 'only the steps of one integration')
    .option('--markdown', 'a Markdown table of each step with its inputs and outputs, for a README')
    .addOption(jsonOption())
    .action(action((cli, options) => stepsCommand(options, cli)));
}
