import type { RateLimitSpec } from '@toolsteps/sdk';

/** One request of an account asking to go, as the shared limits see it. */
export interface SharedAdmission {
  integration: string;
  accountId: string;
  /** The integration's limits for the account (its binding's `rateLimit`). */
  spec: RateLimitSpec;
  /** A mutating request: `writeIntervalMs` paces it too. */
  write: boolean;
}

/**
 * An account's request rate kept across every process that uses the account (workers on several
 * machines), in a store they share: `intervalCap` requests per `intervalMs`, and writes at most one
 * per `writeIntervalMs`. Bound as `TOKENS.SharedRateLimits`; without it each process keeps its own
 * count. Concurrency caps are shared by `SharedConcurrency`, reported quotas by `SharedQuotas`.
 */
export interface SharedRateLimits {
  /** Resolves once the request may go; rejects when `signal` aborts first. */
  admit(admission: SharedAdmission, signal: AbortSignal): Promise<void>;
}
