import { catalogBindingSchema, catalogWorkflowSchema } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
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
