import type { RunResult } from '../../ports/events.js';
import type { ResumableJournal } from '../../ports/journaled-run.js';
import type { CompiledWorkflow } from '../../workflow/compiled-workflow.js';
import type { WorkflowSource } from '../../workflow/load-workflow.js';
import type { RunOptions, WorkflowRunner } from '../engine.js';
import { heldByLiveProcess } from './process-alive.js';
import { ResumeRefused, refuseAnotherVersion } from './resume-refused.js';

/** No `user`: a resumed run acts for the user it began for, as its journal recorded it. */
export interface ResumeOptions extends Omit<RunOptions, 'resume' | 'runId' | 'user'> {
  /** The workflow to go on with; default the file the run was started from. */
  workflow?: CompiledWorkflow | WorkflowSource;
  /**
   * Resume although the workflow changed since the run started, or the process that held the run
   * seems alive: the operator knows better (a reused pid, an edit that only fixed a typo).
   */
  force?: boolean;
}

export interface ResumeDeps {
  journal: ResumableJournal;
  runner: WorkflowRunner;
  load: (source: WorkflowSource, options?: { user?: string }) => Promise<CompiledWorkflow>;
}

/**
 * Resumes a journaled run that did not succeed: a crashed one (`running`, its process gone), one
 * that failed, or one stopped as `outcome_unknown` after an operator settled its step. Refused, with
 * what to do, when it is finished for good, still held by a live process, or its workflow changed.
 */
export async function resumeRun(
  deps: ResumeDeps,
  runId: string,
  options: ResumeOptions = {},
): Promise<RunResult> {
  const history = await deps.journal.history(runId);
  if (!history) throw new ResumeRefused(`No run "${runId}" is journaled`);
  const { run } = history;
  if (run.status === 'succeeded')
    throw new ResumeRefused(`Run ${runId} already succeeded: there is nothing to resume`);
  // Ctrl-C interrupts a run, which may be resumed; `runs cancel` ends it for good.
  if (run.status === 'cancelled' && run.cancelRequested)
    throw new ResumeRefused(`Run ${runId} was cancelled (runs cancel): it is not resumed; start a new run`);
  const force = options.force === true;
  if (run.status === 'running' && heldByLiveProcess(run) && !force) {
    throw new ResumeRefused(
      `Run ${runId} is still running in process ${run.ownerPid}: resuming it too would run its steps twice. ` +
        'Stop that process first (or `toolsteps runs cancel`), or --force if that pid is another process now',
    );
  }
  const source = options.workflow ?? run.workflowFile;
  if (source === undefined) {
    throw new ResumeRefused(
      `Run ${runId} was not started from a workflow file: pass the workflow to resume it with`,
    );
  }
  // Its accounts are checked as the run's user has them: the user it began for.
  const workflow = isCompiled(source) ? source : await deps.load(source, { user: history.user });
  if (!force) refuseAnotherVersion(run, workflow);
  return deps.runner.run(workflow, undefined, { ...options, resume: history });
}

function isCompiled(workflow: CompiledWorkflow | WorkflowSource): workflow is CompiledWorkflow {
  return typeof workflow === 'object' && 'steps' in workflow && 'definition' in workflow;
}
