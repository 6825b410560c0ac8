// Runs on workers through BullMQ, the Redis journal, and account limits shared by every process (ioredis).
export { connectRedis } from './connect-redis.js';
export { MIN_QUEUE_KEY_BYTES, type QueueKey, queueKeyBytes } from './queue-key.js';
export { QueueRunLauncher, type QueueRunLauncherOptions } from './queue-run-launcher.js';
export { type QueuedJobState, queuedJobState, withdrawQueuedJob } from './queued-job-state.js';
export { DEFAULT_QUEUE, type QueuedRun } from './queued-run.js';
export { type RedisAccountLimitsOptions, redisAccountLimits } from './redis-account-limits.js';
export { RedisConcurrency, type RedisConcurrencyOptions } from './redis-concurrency.js';
export type { RedisConnection } from './redis-connection.js';
export { RedisJournal, type RedisJournalOptions } from './redis-journal.js';
export { DEFAULT_REDIS_JOURNAL_PREFIX } from './redis-keys.js';
export { RedisQuotas } from './redis-quotas.js';
export { RedisRateLimits } from './redis-rate-limits.js';
export { RedisRefreshLock, type RedisRefreshLockOptions } from './redis-refresh-lock.js';
export { type EnqueueOptions, RunQueue, type RunQueueOptions } from './run-queue.js';
export { RunWorker, type RunWorkerOptions, type WorkerEvent } from './run-worker.js';
export type { SignedRunJob } from './signed-run.js';
