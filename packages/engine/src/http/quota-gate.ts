import type { Clock } from '../contracts/clock.js';
import { StepError } from '../contracts/step-error.js';
import { quotaReset } from './retry-delay.js';

interface QuotaState {
  /** Requests left in the window, as last reported and counted down by our own sends since. */
  remaining: number;
  /** Epoch ms when the window resets. */
  resetAt: number;
}

export interface AdmitOptions {
  quota: string;
  clock: Clock;
  signal: AbortSignal;
  /** The longest wait for a reset before the request fails instead. */
  maxWaitMs: number;
  /** For the message: who and what waits. */
  describe: () => string;
}

/**
 * Keeps one account under the quotas its API reports (`x-ratelimit-remaining` and `-reset`): once a
 * quota is spent, requests counting against it wait for the reset, or fail `rate_limited` with the
 * reset time when that is further away than the integration waits. Nothing is sent meanwhile, so an
 * exhausted quota costs no refused calls.
 */
export class QuotaGate {
  readonly #quotas = new Map<string, QuotaState>();

  /** Learns a quota's state from an answer's headers (no headers: nothing learnt). */
  observe(quota: string, headers: Record<string, string>, now: number): void {
    const reported = quotaReset(headers, now);
    if (reported === undefined) return;
    this.#quotas.set(quota, reported);
  }

  /** Waits until the quota has room, then counts the request against it. */
  async admit(options: AdmitOptions): Promise<void> {
    const { quota, clock, signal, maxWaitMs } = options;
    for (;;) {
      const state = this.#quotas.get(quota);
      const now = clock.now();
      if (state === undefined || state.remaining > 0 || state.resetAt <= now) {
        if (state !== undefined) {
          if (state.resetAt <= now) this.#quotas.delete(quota);
          else state.remaining -= 1;
        }
        return;
      }
      const waitMs = state.resetAt - now;
      if (waitMs > maxWaitMs) throw spent(options, waitMs, state.resetAt);
      await clock.sleep(waitMs, signal);
    }
  }
}

function spent(options: AdmitOptions, waitMs: number, resetAt: number): StepError {
  const seconds = (ms: number) => Math.ceil(ms / 1000);
  return new StepError({
    code: 'rate_limited',
    message: `${options.describe()} was not sent: the ${options.quota} rate limit is used up until ${new Date(resetAt).toISOString()}, ${seconds(waitMs)} s away, longer than the ${seconds(options.maxWaitMs)} s this account waits; try again after the reset`,
    retryAfterMs: waitMs,
    retryable: false,
    details: { quota: options.quota, resetAt: new Date(resetAt).toISOString() },
  });
}
