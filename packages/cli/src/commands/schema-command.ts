import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const schemaCommand: typeof import('./schema.js').schemaCommand = async (...args) =>
  (await import('./schema.js')).schemaCommand(...args);

export function addSchemaCommand(program: Command, { action }: CommandKit): void {
  program
    .command('schema')
    .description(
      'print the JSON Schema of workflow (default) or binding files for the installed catalog (for editors)',
    )
    .argument('[kind]', 'workflow or binding')
    .action(action((cli, kind: string | undefined) => schemaCommand(kind, cli)));
}
