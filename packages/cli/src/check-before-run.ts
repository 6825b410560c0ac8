import type { CompiledWorkflow, Engine } from '@toolsteps/engine';
import type { CliContext } from './cli-context.js';
import { reportInvalid } from './commands/validate.js';
import { reportRunInput, runInputViolations } from './run-input-problems.js';

export type CheckedRun = { ok: true; workflow: CompiledWorkflow } | { ok: false; exitCode: number };

/**
 * What `run` checks before it starts anything (emulators, the journal, a queued job): the workflow,
 * then the run input against its input schema. Every problem is printed at once; a refusal exits 2.
 */
export async function checkBeforeRun(
  file: string,
  input: unknown,
  engine: Engine,
  options: { accounts: boolean; json: boolean; user?: string },
  cli: CliContext,
): Promise<CheckedRun> {
  const checked = await engine.validate(file, { accounts: options.accounts, user: options.user });
  if (!checked.ok) {
    const exitCode = reportInvalid([{ file, diagnostics: checked.diagnostics }], options.json, cli);
    return { ok: false, exitCode };
  }
  const violations = runInputViolations(checked.workflow, input);
  if (violations.length > 0)
    return { ok: false, exitCode: reportRunInput(file, violations, options.json, cli) };
  return { ok: true, workflow: checked.workflow };
}
