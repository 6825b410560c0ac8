import type { SharedConcurrency } from './shared-concurrency.js';
import type { SharedQuotas } from './shared-quotas.js';
import type { SharedRateLimits } from './shared-rate-limits.js';

/**
 * Everything of an account's limits that processes using the account (workers) may keep together
 * instead of each on its own: e.g. `redisAccountLimits(redis)` from `@toolsteps/engine/queue`. Each
 * part is optional; an unset one stays per process and costs nothing.
 */
export interface SharedAccountLimits {
  /** Requests per interval and write pacing: e.g. `new RedisRateLimits(redis)`. */
  sharedRateLimits?: SharedRateLimits;
  /** `concurrency` and `writeConcurrency`: e.g. `new RedisConcurrency(redis)`. */
  sharedConcurrency?: SharedConcurrency;
  /** The quotas the API reports: e.g. `new RedisQuotas(redis)`. */
  sharedQuotas?: SharedQuotas;
}
