import { StepError } from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';
import type { QuotaReport } from '../ports/shared-quotas.js';
import { isoTime } from '../runtime/iso-time.js';
import { quotaReset } from './retry-delay.js';

/** Requests left in the window, as last reported and counted down by our own sends since. */
type QuotaState = QuotaReport;

/** The account's quotas as every process sharing them knows them (SharedQuotas, bound to the account). */
export interface SharedQuotaLink {
  /** Passes a report on; fire and forget. */
  report(quota: string, report: QuotaReport): void;
  /** Counts a request: undefined when it may go, else the reset (epoch ms) to wait for. */
  take(quota: string, now: number): Promise<number | undefined>;
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
 * exhausted quota costs no refused calls. With `shared`, what one process learns holds the others too.
 */
export class QuotaGate {
  readonly #quotas = new Map<string, QuotaState>();

  constructor(readonly shared?: SharedQuotaLink) {}

  /** Learns a quota's state from an answer's headers (no headers: nothing learnt), and shares it. */
  observe(quota: string, headers: Record<string, string>, now: number): void {
    const reported = quotaReset(headers, now);
    if (reported === undefined) return;
    this.#quotas.set(quota, reported);
    this.shared?.report(quota, reported);
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

  /**
   * With `shared`: counts the request in the quotas every process knows, waiting for (or failing on)
   * a reset as `awaitReset` does. A spent quota is also kept here, so this process's next requests
   * wait without asking.
   */
  async awaitShared(quota: string, options: AdmitOptions): Promise<void> {
    const { shared } = this;
    if (shared === undefined) return;
    const { clock, signal, maxWaitMs } = options;
    for (;;) {
      const resetAt = await shared.take(quota, clock.now());
      if (resetAt === undefined) return;
      this.#learnSpent(quota, resetAt);
      const waitMs = resetAt - clock.now();
      if (waitMs > maxWaitMs) throw spent(quota, options, waitMs, resetAt);
      await clock.sleep(waitMs, signal);
    }
  }

  /** A window another process found spent, unless this one knows a later window already. */
  #learnSpent(quota: string, resetAt: number): void {
    const known = this.#quotas.get(quota);
    if (known === undefined || known.resetAt <= resetAt) this.#quotas.set(quota, { remaining: 0, resetAt });
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
