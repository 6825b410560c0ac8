import type { RetryPolicy } from '../workflow/compiled-workflow.js';

/**
 * Full jitter (a random wait between 0 and the capped exponential step) spreads retries of many
 * runs apart; an upstream's Retry-After is a floor no jitter may undercut.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs = 0,
  random = Math.random,
): number {
  const step =
    policy.backoff === 'fixed'
      ? policy.initialMs
      : Math.min(policy.maxMs, policy.initialMs * 2 ** (attempt - 1));
  const jittered = policy.backoff === 'fixed' ? step : Math.round(random() * step);
  return Math.max(jittered, retryAfterMs);
}
