import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const describeCommand: typeof import('./describe.js').describeCommand = async (...args) =>
  (await import('./describe.js')).describeCommand(...args);

export function addDescribeCommand(program: Command, { action }: CommandKit): void {
  program
    .command('describe')
    .description("show a step's description, input and output, or a trigger's config, event and sample")
    .argument('<id>', 'step or trigger id, e.g. github.create_issue')
    .addOption(jsonOption())
    .action(action((cli, id: string, options) => describeCommand(id, options, cli)));
}
