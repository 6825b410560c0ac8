import { isStepError, StepError } from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';
import { isoTime } from '../runtime/iso-time.js';
import { backoffMs } from './retry-delay.js';

export interface RetryOptions {
  maxAttempts: number;
  maxRetryDelayMs: number;
  signal: AbortSignal;
  clock: Clock;
  /** Whether this failure of this request may be tried again. */
  canRetry: (error: StepError) => boolean;
  /** Told before each wait, e.g. to log it. */
  onRetry?: (error: StepError, waitMs: number, nextAttempt: number) => void;
  random?: () => number;
}

/**
 * The retry layer: p-retry counts attempts and stops on abort; the wait between attempts is the one
 * the API asked for (Retry-After, rate-limit reset) or a jittered backoff, slept on the Clock.
 * The first attempt runs on its own and p-retry takes over only after a failure worth retrying:
 * most requests succeed at once, and thousands may be in flight, each holding what p-retry keeps.
 * p-retry itself loads with the first retry.
 */
export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  try {
    return await attempt(1);
  } catch (error) {
    if (options.maxAttempts <= 1) throw error;
    await waitBeforeRetry(error, 1, options);
  }
  const { signal, maxAttempts } = options;
  const { default: pRetry } = await import('p-retry');
  return pRetry((retryNumber) => attempt(retryNumber + 1), {
    retries: maxAttempts - 2,
    minTimeout: 0,
    maxTimeout: 0,
    factor: 1,
    signal,
    shouldRetry: async ({ error, attemptNumber }) => {
      await waitBeforeRetry(error, attemptNumber + 1, options);
      return true;
    },
  });
}

/** Throws the failure when it may not be retried; otherwise waits as long as it asks, then returns. */
async function waitBeforeRetry(error: unknown, failedAttempt: number, options: RetryOptions): Promise<void> {
  const { clock, signal, maxRetryDelayMs } = options;
  if (!isStepError(error) || !options.canRetry(error)) throw error;
  const waitMs = error.retryAfterMs ?? backoffMs(failedAttempt, maxRetryDelayMs, options.random);
  if (waitMs > maxRetryDelayMs) {
    throw waitTooLong(
      error,
      waitMs,
      clock.now(),
      `the ${seconds(maxRetryDelayMs)} s this integration waits (maxRetryDelayMs)`,
    );
  }
  options.onRetry?.(error, waitMs, failedAttempt + 1);
  await clock.sleep(waitMs, signal);
}

/**
 * The failure as it ends a request (or a step) that will not wait as long as the API asks: its code
 * kept, `retryAfterMs` and `details.retryAt` saying when to try again. `limit` names the cap.
 */
export function waitTooLong(error: StepError, waitMs: number, now: number, limit: string): StepError {
  // An absurd Retry-After (1e16 s) is past what a Date holds: isoTime clamps instead of throwing.
  const retryAt = isoTime(now + waitMs);
  return new StepError({
    ...error.toJSON(),
    message: `${error.message}. The API asks to wait ${seconds(waitMs)} s (until ${retryAt}), longer than ${limit}; try again later`,
    retryAfterMs: waitMs,
    details: { ...error.details, retryAt },
    cause: error,
  });
}

/** Whether `waitTooLong` made this failure: nothing waits for it any more. */
export function isTooLongToWait(error: StepError): boolean {
  return typeof error.details?.retryAt === 'string';
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}
