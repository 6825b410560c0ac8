import { catalogBindingSchema, catalogWorkflowSchema } from '@toolsteps/engine';
import type { Command } from 'commander';
import type { CliContext } from '../cli-context.js';
import type { CommandKit } from '../command-kit.js';
import { EXIT, UsageError } from '../exit-codes.js';

const KINDS = ['workflow', 'binding'] as const;

/** `toolsteps schema [workflow|binding]`: the file's JSON Schema specialised to the installed catalog, for editors. */
export async function schemaCommand(kind: string | undefined, cli: CliContext): Promise<number> {
  const which = kind ?? 'workflow';
  if (!(KINDS as readonly string[]).includes(which))
    throw new UsageError(`No schema for "${which}": choose ${KINDS.map((name) => `"${name}"`).join(' or ')}`);
  const engine = await cli.engine();
  const schema =
    which === 'binding' ? catalogBindingSchema(engine.registry) : catalogWorkflowSchema(engine.registry);
  cli.output.line(JSON.stringify(schema, null, 2));
  return EXIT.ok;
}

export function addSchemaCommand(program: Command, { action }: CommandKit): void {
  program
    .command('schema')
    .description(
      'print the JSON Schema of workflow (default) or binding files for the installed catalog (for editors)',
    )
    .argument('[kind]', 'workflow or binding')
    .action(action((cli, kind: string | undefined) => schemaCommand(kind, cli)));
}
