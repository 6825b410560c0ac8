import { StepError, toStepError } from '@toolsteps/sdk';
import { describedSchemaCheck, describeViolations, schemaCheck } from '@toolsteps/sdk/schema';
import type { CompiledStep } from '../workflow/compiled-workflow.js';
import type { ProbeCall } from './ask-probe.js';
import { creditsOfCall } from './credits/metered-call.js';
import { cancellation, Deadline, listenable } from './deadline.js';
import { settleUnsettled } from './resume/settle-unsettled.js';
import type { RunContext, StepProgress } from './run-context.js';
import type { Scope } from './scope.js';
import { settleAmbiguousWrite } from './settle-ambiguous-write.js';
import { type Attempt, stepContext } from './step-context.js';
import { delayBeforeRetry, delayIfNotDone } from './step-retry.js';
import { WriteOutcomes } from './write-outcomes.js';

/**
 * Runs one catalog step: evaluates and checks its args, resolves its account, then calls it under
 * the step's timeout and retry policy (step-retry.ts). Returns the result, already checked against
 * the output schema.
 */
export async function runToolStep(
  node: CompiledStep,
  scope: Scope,
  stepKey: string,
  signal: AbortSignal,
  run: RunContext,
  progress: StepProgress,
): Promise<unknown> {
  const step = node.step;
  const integration = node.integration;
  if (!step || !integration) {
    throw new StepError({
      code: 'unsupported',
      field: `${node.pointer}/step`,
      message: `No installed step is called "${node.node.step}"`,
    });
  }
  if (!step.available) {
    throw new StepError({
      code: 'unsupported',
      field: `${node.pointer}/step`,
      message: `${step.title} (${step.id}) is not available: ${step.unavailableReason}`,
    });
  }
  const args = node.args ? await node.args.evaluate(scope.bindings(), stepKey) : {};
  progress.args = args;
  // In the words `validate` uses for the same mistake in a literal arg, with the value it got.
  const violations = describedSchemaCheck(step.input)(args);
  if (violations.length > 0) {
    throw new StepError({
      code: 'validation',
      field: `${node.pointer}/args${violations[0].pointer}`,
      message: `Invalid input for ${step.id}: ${describeViolations(violations, 'args')}`,
      details: { violations },
    });
  }
  const account = await run.accounts.resolve(integration, node.node.account);
  progress.account = account;
  const writes = step.effect === 'read' ? undefined : new WriteOutcomes(stepKey, step.id);
  progress.writes = writes;
  const credits = creditsOfCall(node, step, integration, account, args, stepKey, run, progress);

  // What the step's probe is called with: a write step that has one asks it whether a write whose
  // answer said nothing happened, as a resumed run asks it for a write a crash left in flight.
  const unsettled = run.replay?.unsettled(stepKey);
  // Without markers, a probe looking for one would find nothing and take the write for not done.
  const settles =
    writes !== undefined && step.probe !== undefined && step.idempotent !== true && run.writeMarkers;
  const probe: ProbeCall | undefined =
    settles || unsettled
      ? { run, step, integration, account, stepKey, id: node.id, signal, progress, credits }
      : undefined;

  // A resumed run: a write a crash left in flight is settled before the step may run again.
  if (unsettled && probe) {
    const found = await settleUnsettled(probe, args, unsettled, node.timeoutMs);
    if (found) {
      checkOutput(step.id, step.output, found.result);
      progress.replayed = 'probed';
      return found.result;
    }
  }

  for (let attempt = 1; ; attempt++) {
    progress.attempts = attempt;
    writes?.startAttempt(attempt);
    if (run.recorder.observed)
      run.recorder.emit({ type: 'step.started', stepKey, id: node.id, step: step.id, attempt });
    const deadline = new Deadline(signal, node.timeoutMs, `Step "${stepKey}"`);
    const current: Attempt = {
      run,
      step,
      integration,
      account,
      stepKey,
      effect: step.effect,
      attempt,
      signal: deadline.signal,
      progress,
      credits,
    };
    try {
      // A budget that cannot hold the worst case refuses the attempt before it can send anything.
      const reserving = credits.reserve(deadline.signal);
      if (reserving) await reserving;
      const ctx = stepContext(current);
      const result = await deadline.race(Promise.resolve().then(() => step.run(args, ctx)));
      checkOutput(step.id, step.output, result);
      // The journal has what the attempt was counted before the step is over.
      const recording = credits.settle(true);
      if (recording) await recording;
      return result;
    } catch (thrown) {
      // Released before any wait for a retry: what the attempt held must not block steps running beside it.
      const recording = credits.settle(false);
      if (recording) await recording;
      const error = inWorkflow(toStepError(thrown), node.pointer);
      // What the failed attempt has not sent yet never leaves: a retry must not race its leftovers.
      if (current.http) stopAttempt(deadline);
      const failed = { node, account, error, attempt, writes, stopped: signal.aborted };
      // A write whose answer said nothing is settled by the probe, after the wait a retry takes
      // (time for an upstream still at work on it to finish), instead of being left to an operator.
      const ambiguous = settles && !failed.stopped ? writes?.ambiguous() : undefined;
      const next = ambiguous ? delayIfNotDone(failed, run) : { delayMs: delayBeforeRetry(failed, run) };
      if ('delayMs' in next) {
        run.recorder.emit({
          type: 'step.retrying',
          stepKey,
          id: node.id,
          step: step.id,
          attempt,
          delayMs: next.delayMs,
          error: error.toJSON(),
        });
        await run.clock.sleep(next.delayMs, listenable(signal)).catch(() => {
          throw cancellation(signal.reason);
        });
      }
      if (ambiguous && writes && probe) {
        const settling = { error, writes, ambiguous, next };
        const found = await settleAmbiguousWrite(probe, args, settling, node.timeoutMs);
        if (found) {
          checkOutput(step.id, step.output, found.result);
          progress.replayed = 'probed';
          return found.result;
        }
      }
    } finally {
      // A step that returned with requests still pending is over too: nothing of it leaves later.
      // Only a step that made an HTTP client can have any.
      if (current.http) stopAttempt(deadline);
      deadline.dispose();
    }
  }
}

/**
 * Why a request a step attempt left behind was not sent. One error serves every attempt: it is built
 * on each step's way out, and nobody waits for what it stops (the attempt is over).
 */
const ATTEMPT_ENDED = new StepError({
  code: 'cancelled',
  message: 'The step attempt that made this request had ended, so it was not sent',
});

function stopAttempt(deadline: Deadline): void {
  if (!deadline.signal.aborted) deadline.abort(ATTEMPT_ENDED);
}

/**
 * A step names a bad input by its place in the args (`/args/sha`); the workflow author needs its
 * place in the file, as input validation gives it (`/steps/2/args/sha`).
 */
function inWorkflow(error: StepError, pointer: string): StepError {
  const field = error.field;
  if (field === undefined || !(field === '/args' || field.startsWith('/args/'))) return error;
  return new StepError({ ...error.toJSON(), field: `${pointer}${field}`, cause: error.cause });
}

/** A step returning something its output schema does not allow is a bug in the step, not the workflow. */
function checkOutput(stepId: string, schema: object, result: unknown): void {
  const violations = schemaCheck(schema)(result);
  if (violations.length === 0) return;
  throw new StepError({
    code: 'upstream',
    message: `${stepId} returned a result that does not match its output schema: ${describeViolations(violations, 'result')}`,
    details: { violations },
  });
}
