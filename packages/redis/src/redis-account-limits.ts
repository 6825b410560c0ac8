import type { SharedAccountLimits } from '@toolsteps/engine';
import type { Redis } from 'ioredis';
import { RedisConcurrency, type RedisConcurrencyOptions } from './redis-concurrency.js';
import { RedisQuotas } from './redis-quotas.js';
import { RedisRateLimits } from './redis-rate-limits.js';

export interface RedisAccountLimitsOptions {
  /** Put before every key, so several deployments can share one Redis. Default `toolsteps:`. */
  prefix?: string;
  concurrency?: Omit<RedisConcurrencyOptions, 'prefix'>;
}

/**
 * Every account limit a worker keeps with the others, on one Redis connection: rates and write
 * pacing, concurrency caps and the quotas the API reports. Spread into `createEngine`'s options.
 */
export function redisAccountLimits(
  client: Redis,
  options: RedisAccountLimitsOptions = {},
): Required<SharedAccountLimits> {
  const prefix = options.prefix ?? 'toolsteps:';
  return {
    sharedRateLimits: new RedisRateLimits(client, `${prefix}rate`),
    sharedConcurrency: new RedisConcurrency(client, { ...options.concurrency, prefix: `${prefix}slots` }),
    sharedQuotas: new RedisQuotas(client, `${prefix}quota`),
  };
}
