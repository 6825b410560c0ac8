import { type RunJournal, type StepResolution, type StepTrace, settlingTrace } from '@toolsteps/engine';
import { RunReplay } from '@toolsteps/engine/adapters';
import { describeViolations, schemaCheck } from '@toolsteps/sdk/schema';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { oneRunId } from '../one-run-id.js';
import { openExistingJournal } from '../open-journal.js';
import { printable } from '../printable.js';
import { readRunInput } from '../read-input.js';
import { type RunsResumeOptions, refuseIfHeldByAWorker, requireAccounts, resumeIn } from './runs-resume.js';

export interface RunsResolveOptions extends RunsResumeOptions {
  step?: string;
  as?: string;
  /** `--result @file` or inline JSON: the step's result, for `--as done`. */
  result?: string;
  /** `--no-resume`: record the decision only. */
  resume?: boolean;
}

const RESOLUTIONS: readonly StepResolution[] = ['done', 'retry', 'failed'];

/**
 * `toolsteps runs resolve <id> --step <key> --as done|retry|failed`: an operator settles a step whose
 * write may or may not have happened, then the run goes on. `done` records the result the operator
 * found upstream (checked against the step's output schema); `retry` runs the step again; `failed`
 * fails it (its `catch` handlers apply).
 */
export async function runsResolveCommand(id: string, options: RunsResolveOptions, cli: CliContext) {
  const resolution = parseResolution(options.as);
  if (options.step === undefined) throw new UsageError('runs resolve needs --step <key>: the step to settle');
  if (resolution === 'done' && options.result === undefined)
    throw new UsageError('--as done needs --result @file (or JSON): the result the step would have returned');
  if (resolution !== 'done' && options.result !== undefined)
    throw new UsageError(`--result goes with --as done only: --as ${resolution} records no result`);
  if (options.resume !== false)
    requireAccounts(options.accounts, 'runs resolve (which then resumes the run)');
  const result = resolution === 'done' ? await readRunInput(options.result, '--result') : undefined;

  const journal = await openExistingJournal(options);
  try {
    const runId = await oneRunId(journal, id);
    // Before the decision is recorded: a run a worker still holds is settled by nobody else.
    await refuseIfHeldByAWorker(journal, runId, options);
    const trace = await settledTrace(journal, runId, options.step, resolution, result, cli);
    await journal.recordStep(runId, trace);
    cli.output.note(`Step ${printable(options.step)} of run ${printable(runId)} settled as ${resolution}`);
    if (options.resume === false) return EXIT.ok;
    return await resumeIn(journal, runId, options, cli);
  } finally {
    await journal.close();
  }
}

function parseResolution(text: string | undefined): StepResolution {
  if (RESOLUTIONS.includes(text as StepResolution)) return text as StepResolution;
  throw new UsageError(
    `--as must be one of ${RESOLUTIONS.join(', ')}${text === undefined ? '' : ` (got "${text}")`}`,
  );
}

/** The record that settles the step: only a step whose outcome is unknown can be settled. */
async function settledTrace(
  journal: RunJournal,
  runId: string,
  stepKey: string,
  resolution: StepResolution,
  result: unknown,
  cli: CliContext,
): Promise<StepTrace> {
  const history = await journal.history(runId);
  if (!history) throw new UsageError(`No run "${runId}" is journaled`, EXIT.failed);
  const replay = new RunReplay(history);
  const unsettled = replay.unsettled(stepKey);
  if (!unsettled) {
    const waiting = unsettledKeys(
      history.steps.map((step) => step.stepKey),
      history.sent,
      replay,
    );
    throw new UsageError(
      `Step ${printable(stepKey)} of run ${printable(runId)} is not waiting for a decision: ` +
        (waiting.length > 0
          ? `${waiting.map((key) => printable(key)).join(', ')} ${waiting.length === 1 ? 'is' : 'are'}`
          : 'no step is'),
    );
  }
  const stepId = unsettled.writes[0]?.step ?? history.steps.find((step) => step.stepKey === stepKey)?.step;
  if (resolution === 'done' && stepId !== undefined) await checkResult(stepId, result, cli);
  return settlingTrace(stepKey, stepId, resolution, result);
}

/** The result an operator gives must be what the step returns: later steps read it. */
async function checkResult(stepId: string, result: unknown, cli: CliContext): Promise<void> {
  const engine = await cli.engine();
  const step = engine.registry.step(stepId);
  if (!step) return;
  const violations = schemaCheck(step.output)(result);
  if (violations.length > 0) {
    throw new UsageError(
      `--result is not what ${stepId} returns: ${describeViolations(violations, 'result')}. Nothing was recorded`,
    );
  }
}

function unsettledKeys(traced: string[], sent: readonly { stepKey: string }[], replay: RunReplay): string[] {
  const keys = new Set([...traced, ...sent.map((write) => write.stepKey)]);
  return [...keys].filter((key) => replay.unsettled(key) !== undefined);
}
