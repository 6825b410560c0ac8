import type { Clock } from '../contracts/clock.js';
import { StepError } from '../contracts/step-error.js';
import { isoTime } from '../runtime/iso-time.js';
import { quotaReset } from './retry-delay.js';

interface QuotaState {
  /** Requests left in the window, as last reported and counted down by our own sends since. */
  remaining: number;
  /** Epoch ms when the window resets. */
  resetAt: number;
}

export interface AdmitOptions {
  clock: Clock;
  signal: AbortSignal;
  /** The longest wait for a reset before the request fails instead. */
  maxWaitMs: number;
  /** For the message: the request and the API. */
  what: { method: string; relative: string };
  integrationTitle: string;
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

  /**
   * Counts one request against its quota if the quota has room (or is unknown, or has reset); false
   * when it is spent: then `awaitReset`. The usual case allocates nothing.
   */
  admit(quota: string, now: number): boolean {
    const state = this.#quotas.get(quota);
    if (state === undefined) return true;
    if (state.resetAt <= now) {
      this.#quotas.delete(quota);
      return true;
    }
    if (state.remaining <= 0) return false;
    state.remaining -= 1;
    return true;
  }

  /** Waits for a spent quota's reset and counts the request, or fails when the reset is too far. */
  async awaitReset(quota: string, options: AdmitOptions): Promise<void> {
    const { clock, signal, maxWaitMs } = options;
    for (;;) {
      const resetAt = this.#quotas.get(quota)?.resetAt ?? 0;
      const waitMs = resetAt - clock.now();
      if (waitMs > maxWaitMs) throw spent(quota, options, waitMs, resetAt);
      await clock.sleep(waitMs, signal);
      if (this.admit(quota, clock.now())) return;
    }
  }
}

function spent(quota: string, options: AdmitOptions, waitMs: number, resetAt: number): StepError {
  const seconds = (ms: number) => Math.ceil(ms / 1000);
  const { what, integrationTitle, maxWaitMs } = options;
  return new StepError({
    code: 'rate_limited',
    message: `${what.method} ${what.relative} to ${integrationTitle} was not sent: the ${quota} rate limit is used up until ${isoTime(resetAt)}, ${seconds(waitMs)} s away, longer than the ${seconds(maxWaitMs)} s this account waits; try again after the reset`,
    retryAfterMs: waitMs,
    retryable: false,
    details: { quota, resetAt: isoTime(resetAt) },
  });
}
