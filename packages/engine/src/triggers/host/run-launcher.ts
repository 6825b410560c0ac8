import type { Engine } from '../../container/create-engine.js';
import { resultFromJournal } from '../../journal/result-from-journal.js';
import type { Journal, RunResult } from '../../ports/events.js';
import type { JournaledRun, ResumableJournal } from '../../ports/journaled-run.js';
import { TOKENS } from '../../ports/tokens.js';
import type { CompiledWorkflow } from '../../workflow/compiled-workflow.js';

/**
 * How a trigger host has an event's workflow run: in this process (the default, `engineRunLauncher`)
 * or elsewhere, e.g. by workers through a queue (`QueueRunLauncher` of `@toolsteps/engine/queue`).
 */
export interface RunLauncher {
  /**
   * Runs `workflow` on `input` as run `runId` and resolves with its result once it ended. The host
   * asks for the same `runId` when it takes a delivery again: a run the launcher's journal already
   * has goes on from there (resumed; a succeeded one is not run again). Rejects with a
   * `ResumeRefused` when that run cannot be resumed, e.g. its workflow changed since.
   */
  launch(workflow: CompiledWorkflow, input: unknown, options: LaunchOptions): Promise<RunResult>;
}

export interface LaunchOptions {
  runId: string;
  /**
   * The end user the run acts for (a binding's `user`): it runs with that user's accounts only, and
   * its journal says so. A run taken again is resumed for the user its journal recorded.
   */
  user?: string;
  /**
   * Aborted when the host stops. A launcher waiting on another process stops waiting (rejects) and
   * leaves the run there; the delivery stays unfinished, and the next start takes it again. A run in
   * this process goes on to its end, as `serve` promises when it stops.
   */
  signal?: AbortSignal;
}

/**
 * Runs on `engine`, here. With a journal runs can be resumed from (SqliteJournal) a run it knows is
 * resumed by the resume rules, or taken as it ended if it ended for good; with the default in-memory
 * journal every launch is a new run.
 */
export function engineRunLauncher(engine: Engine): RunLauncher {
  const journal = engine.container.get<Journal>(TOKENS.Journal);
  return {
    async launch(workflow, input, { runId, user }) {
      const history = isResumable(journal) ? await journal.history(runId) : undefined;
      if (history === undefined) return engine.run(workflow, input, { runId, user });
      if (endedForGood(history.run)) return resultFromJournal(history.run, [...history.steps]);
      return engine.resume(runId, { workflow });
    },
  };
}

/**
 * A run taken again is not run again when it succeeded, or when an operator cancelled it (`runs
 * cancel`): its delivery records it as it ended. A run Ctrl-C or a stop interrupted is resumed.
 */
export function endedForGood(run: Pick<JournaledRun, 'status' | 'cancelRequested'>): boolean {
  return run.status === 'succeeded' || (run.status === 'cancelled' && run.cancelRequested);
}

function isResumable(journal: Journal): journal is ResumableJournal {
  const candidate = journal as Partial<ResumableJournal>;
  return typeof candidate.history === 'function' && typeof candidate.recordSend === 'function';
}
