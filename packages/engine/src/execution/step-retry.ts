import { type ConnectedAccount, StepError } from '@toolsteps/sdk';
import { HTTP_DEFAULTS } from '../http/http-defaults.js';
import { isTooLongToWait, waitTooLong } from '../http/with-retries.js';
import type { CompiledStep } from '../workflow/compiled-workflow.js';
import { retryDelay } from './backoff.js';
import type { RunContext } from './run-context.js';
import type { WriteOutcomes } from './write-outcomes.js';

/** What a failed attempt of a tool step leaves to decide whether, and when, it runs again. */
export interface FailedAttempt {
  node: CompiledStep;
  account: ConnectedAccount;
  error: StepError;
  attempt: number;
  /** Unset for `read` steps: their requests are safe to repeat. */
  writes: WriteOutcomes | undefined;
  /** The run was cancelled or timed out: nothing runs again. */
  stopped: boolean;
}

/**
 * The wait before the next attempt, or the failure to end the step with when there is none: the
 * policy's codes and attempts; a write that may have been processed (repeated only when the step is
 * declared idempotent, as the HTTP layer repeats only safe requests); and an upstream that asks for a
 * longer wait than the policy's `max` or the HTTP layer's cap, which ends the step at once.
 */
export function delayBeforeRetry(failed: FailedAttempt, run: RunContext): number {
  const { node, error, attempt } = failed;
  const policy = node.retry;
  if (attempt >= policy.maxAttempts || !policy.on.has(error.code) || failed.stopped) throw error;
  const step = node.step!;
  const risk = step.idempotent === true ? undefined : failed.writes?.repeatRisk();
  if (risk !== undefined) throw notRetried(error, step.id, risk);
  const askedMs = error.retryAfterMs ?? 0;
  if (askedMs > 0) {
    const httpCapMs = httpRetryCapMs(node, failed.account);
    const capMs = Math.min(policy.maxMs, httpCapMs);
    if (askedMs > capMs) {
      // The HTTP layer (or a spent quota) already said it will not wait that long: its words stand.
      if (isTooLongToWait(error) || !error.retryable) throw error;
      const limit =
        capMs === policy.maxMs
          ? `the ${seconds(capMs)} s the step's retry policy waits (retry.max)`
          : `the ${seconds(capMs)} s this integration waits (maxRetryDelayMs)`;
      throw waitTooLong(error, askedMs, run.clock.now(), limit);
    }
  }
  return retryDelay(policy, attempt, error.retryAfterMs, run.random);
}

/**
 * The wait before the next attempt were the attempt's writes proven not done (by the step's probe),
 * or the failure that ends the step even then: the policy's codes and attempts, and the waits it takes.
 */
export function delayIfNotDone(
  failed: FailedAttempt,
  run: RunContext,
): { delayMs: number } | { end: StepError } {
  try {
    return { delayMs: delayBeforeRetry({ ...failed, writes: undefined }, run) };
  } catch (end) {
    return { end: end as StepError };
  }
}

/**
 * The failure of a step not run again because a write of it may have been processed; `probe`, what
 * its probe said when one was asked and could not settle it.
 */
export function notRetried(error: StepError, stepId: string, risk: string, probe?: string): StepError {
  const asked = probe === undefined ? '' : ` and ${probe}`;
  return new StepError({
    ...error.toJSON(),
    message: `${error.message}; not retried: ${stepId} may have been processed (${risk})${asked}. Check before running it again: a retry could repeat the write`,
    retryable: false,
    details: { ...error.details, notRetried: risk, ...(probe === undefined ? {} : { probe }) },
    cause: error,
  });
}

/** The longest wait the HTTP layer accepts for this integration: the step layer never waits longer. */
function httpRetryCapMs(node: CompiledStep, account: ConnectedAccount): number {
  try {
    return node.integration?.http(account).maxRetryDelayMs ?? HTTP_DEFAULTS.maxRetryDelayMs;
  } catch {
    return HTTP_DEFAULTS.maxRetryDelayMs;
  }
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}
