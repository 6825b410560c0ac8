/** One quota an API reports for an account (the binding's `quotaOf` names it). */
export interface SharedQuotaKey {
  integration: string;
  accountId: string;
  quota: string;
}

/** What an answer reported of a quota. */
export interface QuotaReport {
  /** Requests left in the window. */
  remaining: number;
  /** Epoch ms when the window resets. */
  resetAt: number;
}

/**
 * The quotas an API reports (`x-ratelimit-remaining`/`-reset`) known to every process that uses the
 * account, so once one of them learns a quota is spent the others hold their requests too, instead
 * of each spending refused calls. Bound as `TOKENS.SharedQuotas`; without it each process knows only
 * the answers it got.
 */
export interface SharedQuotas {
  /**
   * Records what an answer reported. A report of an earlier window than the one known is stale and
   * ignored, as is one of the same window with more requests left (it was answered earlier).
   */
  report(key: SharedQuotaKey, report: QuotaReport): Promise<void>;
  /**
   * Counts one request against the quota: undefined when it may go (room left, nothing known, or the
   * reset passed by `now`), else the epoch ms of the reset it must wait for.
   */
  take(key: SharedQuotaKey, now: number): Promise<number | undefined>;
}
