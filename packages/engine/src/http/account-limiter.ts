import { type RateLimitSpec, StepError } from '@toolsteps/sdk';
import type PQueue from 'p-queue';
import { pQueueLibrary } from './p-queue-library.js';

const DEFAULT_INTERVAL_MS = 1_000;

/**
 * One queue per account keeps it under the API's quotas: at most `concurrency` requests in flight
 * and, over a sliding window, at most `intervalCap` started per `intervalMs`. No queue at all when
 * the binding sets no limit: a queue that never holds anything back would only cost time and memory.
 */
export function createAccountLimiter(
  spec: RateLimitSpec | undefined,
  integrationTitle: string,
): PQueue | undefined {
  const whole = (name: keyof RateLimitSpec, value: number | undefined) => {
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new StepError({
        code: 'validation',
        message: `${integrationTitle}'s rateLimit.${name} must be a whole number of at least 1, got ${value}`,
      });
    }
  };
  whole('concurrency', spec?.concurrency);
  whole('intervalCap', spec?.intervalCap);
  whole('intervalMs', spec?.intervalMs);
  whole('writeConcurrency', spec?.writeConcurrency);
  if (
    spec?.writeIntervalMs !== undefined &&
    !(Number.isInteger(spec.writeIntervalMs) && spec.writeIntervalMs >= 0)
  ) {
    throw new StepError({
      code: 'validation',
      message: `${integrationTitle}'s rateLimit.writeIntervalMs must be a whole number of at least 0, got ${spec.writeIntervalMs}`,
    });
  }
  if (spec?.intervalCap === undefined) {
    return spec?.concurrency === undefined
      ? undefined
      : new (pQueueLibrary())({ concurrency: spec.concurrency });
  }
  const Queue = pQueueLibrary();
  return new Queue({
    concurrency: spec.concurrency ?? Number.POSITIVE_INFINITY,
    intervalCap: spec.intervalCap,
    interval: spec.intervalMs ?? DEFAULT_INTERVAL_MS,
    strict: true,
  });
}

/** Mutating requests of one account queue here first, so at most `writeConcurrency` run at once. */
export function createWriteLimiter(spec: RateLimitSpec | undefined): PQueue | undefined {
  const { writeConcurrency, writeIntervalMs } = spec ?? {};
  if (writeConcurrency === undefined && !writeIntervalMs) return undefined;
  const Queue = pQueueLibrary();
  return new Queue({
    concurrency: writeConcurrency ?? Number.POSITIVE_INFINITY,
    // A sliding window of one: no two writes start closer than writeIntervalMs.
    ...(writeIntervalMs ? { intervalCap: 1, interval: writeIntervalMs, strict: true } : {}),
  });
}
