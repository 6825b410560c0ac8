import type { StepResolution, StepTrace } from '../../ports/events.js';

/**
 * The step record an operator's decision leaves (`toolsteps runs resolve`): `done` with the result
 * found upstream, replayed like any success; `retry`, a failure that runs the step again; `failed`,
 * a failure replayed as it stands, so the step's `catch` handlers decide.
 */
export function settlingTrace(
  stepKey: string,
  stepId: string | undefined,
  resolution: StepResolution,
  result?: unknown,
): StepTrace {
  const trace: StepTrace = {
    stepKey,
    // The workflow's own id of the step: the last part of its key, less a loop's index.
    id:
      stepKey
        .split('.')
        .at(-1)
        ?.replace(/\[\d+\]$/, '') ?? stepKey,
    step: stepId,
    status: resolution === 'done' ? 'succeeded' : 'failed',
    attempts: 0,
    startedAt: Date.now(),
    durationMs: 0,
    resolution,
  };
  if (resolution === 'done') trace.result = result;
  else
    trace.error = {
      code: 'upstream',
      message: DECIDED[resolution](stepKey),
      retryable: false,
      step: stepKey,
    };
  return trace;
}

const DECIDED = {
  retry: (key: string) =>
    `An operator found the write did not happen: step ${key} runs again (toolsteps runs resolve --as retry)`,
  failed: (key: string) => `An operator settled step ${key} as failed (toolsteps runs resolve --as failed)`,
};
