import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DEFAULT_QUEUE } from './queued-run.js';
import { type RedisConnection, redisConnection } from './redis-connection.js';

/**
 * Where a run's job is in the workers' queue: `held` (a worker took it and keeps renewing its lock:
 * it is alive, or died less than a lock's duration ago), `pending` (waiting, delayed, or taken by a
 * worker that stopped renewing its lock: a worker takes it and resumes the run), or `none` (ended,
 * or never queued there).
 */
export type QueuedJobState = 'held' | 'pending' | 'none';

/** The state of run `runId`'s job in `queue` (default `toolsteps-runs`), read without taking it. */
export async function queuedJobState(
  redis: RedisConnection,
  runId: string,
  queue = DEFAULT_QUEUE,
): Promise<QueuedJobState> {
  return onQueuedJob(redis, queue, runId, async (jobs, lock) => {
    const state = await jobs.getJobState(runId);
    if (state === 'completed' || state === 'failed' || state === 'unknown') return 'none';
    if (state !== 'active') return 'pending';
    return (await lock.client.exists(lock.key)) === 1 ? 'held' : 'pending';
  });
}

/**
 * Takes run `runId`'s job out of `queue`, its lock included, so no worker takes it again: what an
 * operator who resumes the run elsewhere with --force means (the worker that held it is gone). A
 * worker that still lived would fail to renew the lock it lost, and could not finish the job.
 * Whether there was a job to take.
 */
export async function withdrawQueuedJob(
  redis: RedisConnection,
  runId: string,
  queue = DEFAULT_QUEUE,
): Promise<boolean> {
  return onQueuedJob(redis, queue, runId, async (jobs, lock) => {
    // BullMQ removes no locked job: the lock goes first (a renewal finding it gone does not set it again).
    await lock.client.del(lock.key);
    return (await jobs.remove(runId)) === 1;
  });
}

/**
 * Opens `queue` for one call of `use`, with the Redis client under it and the key of BullMQ's lock
 * on job `runId` (prepareJobForProcessing.lua sets it with a lifetime, renewed while the worker that
 * holds the job lives), and closes it after.
 */
async function onQueuedJob<T>(
  redis: RedisConnection,
  queue: string,
  runId: string,
  use: (jobs: Queue, lock: { client: Redis; key: string }) => Promise<T>,
): Promise<T> {
  const jobs = new Queue(queue, { connection: redisConnection(redis) });
  try {
    const client = (await jobs.client) as unknown as Redis;
    return await use(jobs, { client, key: `${jobs.toKey(runId)}:lock` });
  } finally {
    await jobs.close();
  }
}
