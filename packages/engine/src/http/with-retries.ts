import pRetry from 'p-retry';
import type { Clock } from '../contracts/clock.js';
import { isStepError, StepError } from '../contracts/step-error.js';
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
 */
export function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { clock, signal, maxAttempts, maxRetryDelayMs } = options;
  return pRetry(attempt, {
    retries: maxAttempts - 1,
    minTimeout: 0,
    maxTimeout: 0,
    factor: 1,
    signal,
    shouldRetry: async ({ error, attemptNumber }) => {
      if (!isStepError(error) || !options.canRetry(error)) return false;
      const waitMs = error.retryAfterMs ?? backoffMs(attemptNumber, maxRetryDelayMs, options.random);
      if (waitMs > maxRetryDelayMs) throw waitTooLong(error, waitMs, maxRetryDelayMs, clock.now());
      options.onRetry?.(error, waitMs, attemptNumber + 1);
      await clock.sleep(waitMs, signal);
      return true;
    },
  });
}

function waitTooLong(error: StepError, waitMs: number, maxRetryDelayMs: number, now: number): StepError {
  const retryAt = new Date(now + waitMs).toISOString();
  return new StepError({
    ...error.toJSON(),
    message: `${error.message}. The API asks to wait ${Math.ceil(waitMs / 1000)} s (until ${retryAt}), longer than the ${Math.ceil(maxRetryDelayMs / 1000)} s this integration waits (maxRetryDelayMs); try again later`,
    retryAfterMs: waitMs,
    details: { ...error.details, retryAt },
    cause: error,
  });
}
