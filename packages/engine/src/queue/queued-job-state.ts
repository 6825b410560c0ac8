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
  const jobs = new Queue(queue, { connection: redisConnection(redis) });
  try {
    const state = await jobs.getJobState(runId);
    if (state === 'completed' || state === 'failed' || state === 'unknown') return 'none';
    if (state !== 'active') return 'pending';
    // BullMQ's lock of a job a worker holds (prepareJobForProcessing.lua): set with a lifetime, renewed while the worker lives.
    const client = (await jobs.client) as unknown as Redis;
    return (await client.exists(`${jobs.toKey(runId)}:lock`)) === 1 ? 'held' : 'pending';
  } finally {
    await jobs.close();
  }
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
  const jobs = new Queue(queue, { connection: redisConnection(redis) });
  try {
    const client = (await jobs.client) as unknown as Redis;
    // BullMQ removes no locked job: the lock goes first (a renewal finding it gone does not set it again).
    await client.del(`${jobs.toKey(runId)}:lock`);
    return (await jobs.remove(runId)) === 1;
  } finally {
    await jobs.close();
  }
}
