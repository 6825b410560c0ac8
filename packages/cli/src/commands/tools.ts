import { type ToolFormat, ToolSelectionError } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';

export interface ToolsCommandOptions {
  format: string;
  strict?: boolean;
  integration?: string[];
  step?: string[];
  readOnly?: boolean;
}

/** `toolsteps tools --format …`: the installed steps as tool definitions, one JSON array. */
export async function toolsCommand(options: ToolsCommandOptions, cli: CliContext): Promise<number> {
  const engine = await cli.engine();
  try {
    cli.output.json(
      engine.tools({
        format: options.format as ToolFormat,
        strict: options.strict === true,
        integrations: options.integration,
        steps: options.step,
        readOnly: options.readOnly === true,
      }),
    );
  } catch (error) {
    // An unknown format, integration or step is the user's to fix, said in one line.
    if (error instanceof ToolSelectionError) throw new UsageError(error.message);
    throw error;
  }
  return EXIT.ok;
}
