import {
  type CompiledWorkflow,
  endedForGood,
  type LaunchOptions,
  type ResumableJournal,
  type RunLauncher,
  type RunResult,
} from '@toolsteps/engine';
import { refuseAnotherVersion, resultFromJournal } from '@toolsteps/engine/adapters';
import type { RunQueue } from './run-queue.js';

export interface QueueRunLauncherOptions {
  /**
   * The journal the workers record runs in (a RedisJournal on the queue's Redis, as `toolsteps
   * worker` keeps by default). With it a run that already succeeded is not queued again, and one
   * begun under another version of the workflow is refused, as `engine.resume` refuses it; without
   * it workers resume such a run with the version given.
   */
  journal?: ResumableJournal;
}

/**
 * A trigger host's runs, done by workers (`createTriggerHost({ launcher })`): each run is queued with
 * its id as job id, so a delivery taken again after a crash adds it once, then awaited to its
 * result. A run taken again that ended without succeeding is queued again: a worker resumes it.
 * When the host stops (`signal`) it stops waiting: the run stays queued for the workers.
 */
export class QueueRunLauncher implements RunLauncher {
  constructor(
    private readonly queue: RunQueue,
    private readonly options: QueueRunLauncherOptions = {},
  ) {}

  async launch(
    workflow: CompiledWorkflow,
    input: unknown,
    { runId, signal, user }: LaunchOptions,
  ): Promise<RunResult> {
    const history = await this.options.journal?.history(runId);
    if (history && endedForGood(history.run)) return resultFromJournal(history.run, [...history.steps]);
    if (history) refuseAnotherVersion(history.run, workflow, 'resume the run with --force');
    // Signed into the job: a worker runs it with the accounts of the binding's user, and of no other.
    await this.queue.enqueue(workflow, input, {
      runId,
      rerunUnsucceeded: true,
      ...(user === undefined ? {} : { user }),
    });
    return this.queue.result(runId, { signal });
  }
}
