import { catalogWorkflowSchema } from '../../workflow/index.js';
import type { CliContext } from '../cli-context.js';
import { EXIT } from '../exit-codes.js';

/** `toolsteps schema`: the workflow JSON Schema specialised to the installed steps, for editors. */
export async function schemaCommand(cli: CliContext): Promise<number> {
  const engine = await cli.engine();
  cli.output.line(JSON.stringify(catalogWorkflowSchema(engine.registry), null, 2));
  return EXIT.ok;
}
