import type { Effect, HttpMethod, StepError } from '@toolsteps/sdk';
import type { SendEnd } from '../ports/services.js';

const TRANSIENT: ReadonlySet<string> = new Set(['rate_limited', 'unavailable', 'timeout']);

/** A request that may run twice without harm: reads, and writes the step marks safe. */
export function isSafeToRepeat(method: HttpMethod, effect: Effect, retrySafe: boolean | undefined): boolean {
  return method === 'GET' || method === 'HEAD' || effect === 'read' || retrySafe === true;
}

/**
 * Transient failures are retried when repeating is safe, and also when the request provably had no
 * effect: the API refused it for its rate limit, or no connection was ever opened.
 */
export function mayRetry(error: StepError, safeToRepeat: boolean): boolean {
  if (!error.retryable || !TRANSIENT.has(error.code)) return false;
  return safeToRepeat || error.code === 'rate_limited' || error.details?.network === 'refused';
}

/**
 * Answers that refuse the request as a whole, before acting on it: bad or unauthorised requests,
 * rate limits, and redirects that ask for the same request elsewhere. Other 4xx (408, 425…) are
 * left out: nothing in them proves that nothing was done.
 */
const REFUSED_STATUSES: ReadonlySet<number> = new Set([
  307, 308, 400, 401, 403, 404, 405, 409, 410, 411, 413, 414, 415, 422, 429, 431,
]);

/** Failures that prove no request reached the upstream: no connection was ever opened. */
const NEVER_CONNECTED: ReadonlySet<unknown> = new Set(['refused', 'dns']);

/** What the end of a sent request proves about its effect upstream, and why, for messages. */
export function sendEnd(status: number | undefined, failure: StepError | undefined): [SendEnd, string] {
  if (status !== undefined) {
    if (REFUSED_STATUSES.has(status)) return ['refused', `answered ${status}`];
    if (status >= 500) return ['unknown', `answered ${status}`];
    return ['processed', `answered ${status}`];
  }
  if (failure !== undefined && NEVER_CONNECTED.has(failure.details?.network)) {
    return ['refused', 'could not connect'];
  }
  const how =
    failure?.code === 'timeout'
      ? 'timed out'
      : failure?.code === 'cancelled'
        ? 'was cut off by a cancellation or timeout'
        : 'lost its connection';
  return ['unknown', `${how} after it was sent, before a complete answer`];
}
