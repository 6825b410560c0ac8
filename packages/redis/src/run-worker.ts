import {
  type CompiledWorkflow,
  type Engine,
  ResumeRefused,
  type RunJournal,
  type RunResult,
  watchCancelRequests,
  workflowHash,
} from '@toolsteps/engine';
import { refuseAnotherVersion, resultFromJournal } from '@toolsteps/engine/adapters';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { type QueueKey, type QueueKeyBytes, queueKeyBytes } from './queue-key.js';
import { DEFAULT_QUEUE, type QueuedRun } from './queued-run.js';
import { type RedisConnection, redisConnection } from './redis-connection.js';
import { type SignedRunJob, shownJobId, verifyRunJob } from './signed-run.js';

export interface RunWorkerOptions {
  redis: RedisConnection;
  /** The engine runs execute on; its journal must be `journal`, shared by every worker. */
  engine: Engine;
  journal: RunJournal;
  /**
   * The queue key whoever queues runs signs them with (`RunQueue`'s `key`): a job it does not verify
   * fails without a step run or its run's journal touched. Whoever holds it and can write to the
   * Redis can run any workflow with every account of this worker's engine.
   */
  key: QueueKey;
  /** Runs at once in this worker; default 8. */
  concurrency?: number;
  queue?: string;
  /**
   * How long the worker's hold on a run lasts unless renewed (it renews at half of it while alive):
   * a worker that dies gives its runs up after this, and another worker resumes them. Default 30 s.
   */
  lockDurationMs?: number;
  /** What the worker does, for a log: runs taken, resumed, finished. */
  onEvent?: (event: WorkerEvent) => void;
}

export type WorkerEvent =
  | { type: 'run.taken'; runId: string; resumed: boolean }
  | { type: 'run.done'; runId: string; status: RunResult['status'] }
  | { type: 'run.error'; runId: string; message: string }
  /**
   * A job it did not run: unsigned, signed with another key, changed, or resuming a run under another
   * workflow or for another user. Its id as whoever added it chose it, cut to 100 characters.
   */
  | { type: 'job.refused'; jobId: string; reason: string };

/** A worker's runs are taken back by another after it died this many times holding them: then they fail. */
const MAX_STALLS = 10;

/**
 * Takes runs from the BullMQ queue and runs them on `engine`. A run the journal already knows was
 * held by a worker that died (BullMQ found its job stalled): it is resumed, so steps recorded are
 * replayed and a write left in flight is settled by the resume rules, never repeated blindly.
 * A job is run only once its signature verifies with the queue key (signed-run.ts), for the user
 * it names (`EnqueueOptions.user`): with that user's accounts only, a resume as a start.
 */
export class RunWorker {
  private readonly worker: Worker<SignedRunJob, RunResult>;
  private readonly workflows = new Map<string, Promise<CompiledWorkflow>>();
  private readonly key: QueueKeyBytes;
  private readonly queue: string;

  constructor(private readonly options: RunWorkerOptions) {
    this.key = queueKeyBytes(options.key);
    this.queue = options.queue ?? DEFAULT_QUEUE;
    const lockDuration = options.lockDurationMs ?? 30_000;
    this.worker = new Worker<SignedRunJob, RunResult>(this.queue, (job) => this.process(job), {
      connection: redisConnection(options.redis),
      concurrency: options.concurrency ?? 8,
      lockDuration,
      // Stalled runs are looked for as often as a lock can expire, so a dead worker's runs wait little.
      stalledInterval: lockDuration,
      maxStalledCount: MAX_STALLS,
      autorun: false,
    });
    this.worker.on('error', (error) =>
      options.onEvent?.({ type: 'run.error', runId: '', message: error.message }),
    );
  }

  /** Starts taking runs; resolves once connected. */
  async start(): Promise<void> {
    void this.worker.run();
    await this.worker.waitUntilReady();
  }

  /** Stops taking runs, lets the running ones finish, and disconnects. */
  async close(): Promise<void> {
    await this.worker.close();
  }

  private async process(job: Job<SignedRunJob, RunResult>): Promise<RunResult> {
    // Before anything reads the job, the journal included: a job nobody holding the key added runs nothing.
    const verified = verifyRunJob(job.data, job.id, this.queue, this.key);
    if (!verified.ok) throw this.refuse(job.id, verified.reason);
    const queued = verified.run;
    const { runId, input, user } = queued;
    const { engine, journal, onEvent } = this.options;
    const known = await journal.run(runId);
    // A run goes on for the user it began for: a job naming another (queued again under the run's id
    // by a key holder) would act for the wrong user, or hand one user's result to another.
    if (known && known.user !== user)
      throw this.refuse(
        job.id,
        `Job ${shownJobId(runId)} refused, nothing of it ran: it names another user than the one its run began for`,
      );
    if (
      known &&
      known.status !== 'running' &&
      known.status !== 'failed' &&
      known.status !== 'outcome_unknown'
    ) {
      // Finished (or cancelled) before the worker that held it could say so.
      return resultFromJournal(known, await journal.steps(runId));
    }
    const workflow = await this.workflowOf(queued);
    try {
      // As `runs resume` refuses it: steps recorded under one version are not replayed into another.
      if (known)
        refuseAnotherVersion(known, workflow, 'resume it with `toolsteps runs resume --redis … --force`');
    } catch (error) {
      if (error instanceof ResumeRefused)
        throw this.refuse(job.id, `Job ${runId} refused, nothing of it ran: ${error.message}`);
      throw error;
    }
    onEvent?.({ type: 'run.taken', runId, resumed: known !== undefined });
    const controller = new AbortController();
    const stopWatching = watchCancelRequests(journal, runId, controller);
    const progress = queued.progress
      ? (event: unknown) => void job.updateProgress(event as object).catch(() => undefined)
      : undefined;
    try {
      const result = known
        ? // The job's lock says this worker alone holds the run, and its workflow is the one the run
          // began with (checked above): neither a live owner nor a changed file can be in the way.
          await engine.resume(runId, { workflow, force: true, signal: controller.signal, onEvent: progress })
        : await engine.run(workflow, input, { runId, user, signal: controller.signal, onEvent: progress });
      onEvent?.({ type: 'run.done', runId, status: result.status });
      return result;
    } finally {
      stopWatching();
    }
  }

  /** Fails the job for good (no retry: it would be refused again), saying why in its failed reason and the log. */
  private refuse(jobId: string | undefined, reason: string): UnrecoverableError {
    this.options.onEvent?.({ type: 'job.refused', jobId: shownJobId(jobId ?? ''), reason });
    return new UnrecoverableError(reason);
  }

  /**
   * Compiles each workflow version once per worker and user (its accounts are checked as that user
   * has them): many runs share one.
   */
  private workflowOf(run: QueuedRun): Promise<CompiledWorkflow> {
    const key = `${workflowHash(run.definition)}\u0000${run.user ?? ''}`;
    let compiled = this.workflows.get(key);
    if (!compiled) {
      const text = JSON.stringify(run.definition);
      const source = run.workflowFile ? { text, file: run.workflowFile } : { text };
      compiled = this.options.engine.load(source, { user: run.user });
      compiled.catch(() => this.workflows.delete(key));
      this.workflows.set(key, compiled);
    }
    return compiled;
  }
}
