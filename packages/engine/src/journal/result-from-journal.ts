import type { StepErrorJson } from '@toolsteps/sdk';
import type { RunResult, StepTrace } from '../ports/events.js';
import type { JournaledRun } from '../ports/journaled-run.js';

/**
 * The result of a run that finished before its job was acknowledged (its worker died in between),
 * read back from the journal: the job ends with it instead of running anything again.
 */
export function resultFromJournal(run: JournaledRun, steps: StepTrace[]): RunResult {
  const status = run.status === 'succeeded' || run.status === 'cancelled' ? run.status : 'failed';
  const cancelledForGood = run.status === 'cancelled' && run.cancelRequested;
  return {
    runId: run.id,
    workflowId: run.workflowId,
    status,
    ...(run.output === undefined ? {} : { output: run.output }),
    vars: run.vars ?? {},
    steps,
    ...(cancelledForGood ? { error: cancelledError(run) } : run.error ? { error: run.error } : {}),
    ...(run.credits ? { credits: run.credits } : {}),
    ...(run.user === undefined ? {} : { user: run.user }),
    startedAt: run.startedAt,
    durationMs: (run.finishedAt ?? run.startedAt) - run.startedAt,
  };
}

/** An operator's `runs cancel` is why the run ended, whatever failed before it. */
function cancelledError(run: JournaledRun): StepErrorJson {
  return {
    code: 'cancelled',
    message: `Run ${run.id} was cancelled with \`toolsteps runs cancel\`: it is not resumed`,
    retryable: false,
    ...(run.error ? { details: { before: run.error } } : {}),
  };
}
