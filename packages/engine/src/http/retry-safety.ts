import type { HttpMethod } from '../contracts/http.js';
import type { Effect } from '../contracts/step.js';
import type { StepError } from '../contracts/step-error.js';

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
