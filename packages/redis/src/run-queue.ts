import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { CompiledWorkflow, RunEvent, RunObserver, RunResult } from '@toolsteps/engine';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { type QueueKey, type QueueKeyBytes, queueKeyBytes } from './queue-key.js';
import { DEFAULT_QUEUE, type QueuedRun } from './queued-run.js';
import { type RedisConnection, redisConnection } from './redis-connection.js';
import { type SignedRunJob, signRun } from './signed-run.js';

/** How long a finished run's result stays in the queue for `result` to read. */
const RESULT_KEPT_S = 3600;

export interface RunQueueOptions {
  /** `redis://host:port` or connection options BullMQ accepts. */
  redis: RedisConnection;
  /**
   * The queue key the workers hold (at least 32 bytes, e.g. `openssl rand -base64 32`): every job is
   * signed with it, and workers run no job they cannot verify.
   */
  key: QueueKey;
  /** Default `toolsteps-runs`. */
  queue?: string;
}

export interface EnqueueOptions {
  runId?: string;
  /**
   * The end user the run acts for (`RunOptions.user`): signed into the job with the rest, so a
   * worker runs it with that user's accounts only, and resumes it for the same user.
   */
  user?: string;
  /** Progress of the run as workers report it; without it, workers publish none. */
  onEvent?: RunObserver;
  /**
   * A job of this `runId` that finished without its run succeeding (the run failed, or the job did)
   * is replaced, so the run is taken again: a worker resumes it from the journal. Without it the
   * same `runId` adds once, whatever became of it.
   */
  rerunUnsucceeded?: boolean;
}

/**
 * Where an agent runtime (or `toolsteps run --redis`) puts runs for workers to take: `enqueue`
 * returns at once with the run id, `result` waits for the run to end on whichever worker ran it.
 * Each job is signed with the queue key (`SignedRunJob`): workers run no other.
 */
export class RunQueue {
  private readonly queue: Queue<SignedRunJob, RunResult>;
  private readonly key: QueueKeyBytes;
  private events?: Promise<QueueEvents>;
  private readonly observers = new Map<string, RunObserver>();

  constructor(private readonly options: RunQueueOptions) {
    this.key = queueKeyBytes(options.key);
    this.queue = new Queue(options.queue ?? DEFAULT_QUEUE, { connection: redisConnection(options.redis) });
    // Each run someone awaits listens on the queue and its events: thousands may wait at once.
    this.queue.setMaxListeners(0);
  }

  /** Adds a run of `workflow`; the same `runId` twice adds it once. */
  async enqueue(
    workflow: CompiledWorkflow,
    input: unknown = {},
    options: EnqueueOptions = {},
  ): Promise<{ runId: string }> {
    const runId = options.runId ?? randomUUID();
    if (options.user !== undefined && (typeof options.user !== 'string' || options.user === ''))
      throw new TypeError('RunQueue.enqueue: `user` names the end user the run acts for: a non-empty string');
    if (options.onEvent) {
      await this.listen();
      this.observers.set(runId, options.onEvent);
    }
    const run: QueuedRun = {
      runId,
      definition: workflow.definition,
      ...(workflow.file === undefined ? {} : { workflowFile: workflow.file }),
      input,
      ...(options.user === undefined ? {} : { user: options.user }),
      progress: options.onEvent !== undefined,
    };
    const data = signRun(run, this.queue.name, this.key);
    if (options.rerunUnsucceeded) await this.removeUnsucceeded(runId);
    // A finished job (its result) stays an hour for `result`; the run journal keeps runs for good.
    const kept = { age: RESULT_KEPT_S };
    await this.queue.add('run', data, { jobId: runId, removeOnComplete: kept, removeOnFail: kept });
    return { runId };
  }

  /**
   * The run's result once a worker finished it (succeeded, failed or cancelled: a run never rejects),
   * for an hour after it finished; its journal keeps it after that. When `signal` aborts it stops
   * waiting (rejecting with the signal's reason): the run stays queued, or goes on, on the workers.
   */
  async result(runId: string, options: { signal?: AbortSignal } = {}): Promise<RunResult> {
    const events = await this.listen();
    try {
      return await this.untilFinished(runId, events, options.signal);
    } finally {
      this.observers.delete(runId);
    }
  }

  /**
   * Listens for the job's end first, then looks whether it ended already: it may have before the
   * listening began. Its listeners are removed however the wait ends, an abort included.
   */
  private untilFinished(runId: string, events: QueueEvents, signal?: AbortSignal): Promise<RunResult> {
    // BullMQ names each job's end `completed:<jobId>` and `failed:<jobId>`; its typings list only the plain names.
    const emitter = events as unknown as EventEmitter;
    const completed = `completed:${runId}`;
    const failed = `failed:${runId}`;
    return new Promise<RunResult>((resolve, reject) => {
      const end = (settle: () => void) => {
        emitter.off(completed, onCompleted);
        emitter.off(failed, onFailed);
        signal?.removeEventListener('abort', onAbort);
        settle();
      };
      const onCompleted = ({ returnvalue }: { returnvalue: RunResult }) => end(() => resolve(returnvalue));
      const onFailed = ({ failedReason }: { failedReason: string }) =>
        end(() => reject(new Error(failedReason)));
      const onAbort = () => end(() => reject(signal?.reason));
      emitter.on(completed, onCompleted);
      emitter.on(failed, onFailed);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) {
        onAbort();
        return;
      }
      this.ended(runId).then(
        (ended) => {
          if (ended === undefined) return;
          if ('failedReason' in ended) onFailed(ended);
          else onCompleted(ended);
        },
        (error: unknown) => end(() => reject(error)),
      );
    });
  }

  /** How the job ended, if it did; it throws when there is no such job. */
  private async ended(
    runId: string,
  ): Promise<{ returnvalue: RunResult } | { failedReason: string } | undefined> {
    const state = await this.queue.getJobState(runId);
    if (state === 'unknown') throw noSuchRun(runId);
    if (state !== 'completed' && state !== 'failed') return undefined;
    const job = await this.queue.getJob(runId);
    if (!job) throw noSuchRun(runId);
    return state === 'failed' ? { failedReason: job.failedReason } : { returnvalue: job.returnvalue };
  }

  /** Removes the run's job if it finished without success; one waiting or running is left to go on. */
  private async removeUnsucceeded(runId: string): Promise<void> {
    const job = await this.queue.getJob(runId);
    if (!job) return;
    const state = await job.getState();
    const succeeded = state === 'completed' && job.returnvalue?.status === 'succeeded';
    if ((state === 'completed' || state === 'failed') && !succeeded) await job.remove();
  }

  /** How many runs wait for a worker, and how many are running now. */
  async counts(): Promise<{ waiting: number; active: number }> {
    const counts = await this.queue.getJobCounts('waiting', 'active');
    return { waiting: counts.waiting ?? 0, active: counts.active ?? 0 };
  }

  async close(): Promise<void> {
    await (await this.events?.catch(() => undefined))?.close();
    await this.queue.close();
  }

  /**
   * Job events of the queue: results, and progress events of the runs someone observes. They are
   * read from the event stream's last entry as it is now: BullMQ's QueueEvents says it is ready
   * before its first read (taskforcesh/bullmq#2874), and would miss a run finishing in between.
   */
  private listen(): Promise<QueueEvents> {
    this.events ??= this.openEvents();
    return this.events;
  }

  private async openEvents(): Promise<QueueEvents> {
    // The queue's own connection is ioredis (BullMQ's default client), which has XREVRANGE.
    const client = (await this.queue.client) as unknown as Redis;
    const [last] = await client.xrevrange(this.queue.keys.events, '+', '-', 'COUNT', 1);
    const events = new QueueEvents(this.options.queue ?? DEFAULT_QUEUE, {
      connection: redisConnection(this.options.redis),
      lastEventId: last?.[0] ?? '0-0',
    });
    events.setMaxListeners(0);
    events.on('progress', ({ jobId, data }) => {
      const observer = this.observers.get(jobId);
      if (observer && typeof data === 'object' && data !== null) observer(data as RunEvent);
    });
    await events.waitUntilReady();
    return events;
  }
}

function noSuchRun(runId: string): Error {
  return new Error(
    `No queued run "${runId}": it was never added, or finished over an hour ago (its journal keeps it)`,
  );
}
