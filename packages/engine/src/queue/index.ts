export { DEFAULT_QUEUE, type QueuedRun } from './queued-run.js';
export { type RedisAccountLimitsOptions, redisAccountLimits } from './redis-account-limits.js';
export { RedisConcurrency, type RedisConcurrencyOptions } from './redis-concurrency.js';
export type { RedisConnection } from './redis-connection.js';
export { RedisQuotas } from './redis-quotas.js';
export { RedisRateLimits } from './redis-rate-limits.js';
export { RedisRefreshLock, type RedisRefreshLockOptions } from './redis-refresh-lock.js';
export { type EnqueueOptions, RunQueue, type RunQueueOptions } from './run-queue.js';
export { RunWorker, type RunWorkerOptions, type WorkerEvent } from './run-worker.js';
