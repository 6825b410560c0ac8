import type { CompiledWorkflow } from '@toolsteps/engine';
import { describedSchemaCheck, type SchemaViolation } from '@toolsteps/sdk/schema';
import type { CliContext } from './cli-context.js';
import { EXIT } from './exit-codes.js';
import { printable } from './printable.js';

/** Every way the run input breaks the workflow's `input` schema, each with the value it got. */
export function runInputViolations(workflow: CompiledWorkflow, input: unknown): SchemaViolation[] {
  const schema = workflow.definition.input;
  return schema === undefined ? [] : describedSchemaCheck(schema)(input);
}

/**
 * Prints why the run input was refused, one problem a line (or, with --json, as one document), and
 * returns the exit code of an invalid invocation: nothing ran, so it is not a failed run.
 */
export function reportRunInput(
  file: string,
  violations: readonly SchemaViolation[],
  json: boolean,
  cli: CliContext,
): number {
  if (json) {
    cli.output.json({ valid: false, input: { violations } });
    return EXIT.invalid;
  }
  const count = `${violations.length} problem${violations.length === 1 ? '' : 's'}`;
  cli.output.error(
    cli.output
      .colors()
      .red(
        `toolsteps: the run input does not match the input schema of ${printable(file)} (${count}); nothing ran`,
      ),
  );
  // A message quotes the value it got: one line each, whatever the input holds.
  for (const { pointer, message } of violations)
    cli.output.error(`  input${printable(pointer) || '/'} ${printable(message)}`);
  return EXIT.invalid;
}
