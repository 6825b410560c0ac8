/** The queue every Toolsteps worker takes runs from, unless told another. */
export const DEFAULT_QUEUE = 'toolsteps-runs';

/**
 * A run as a BullMQ job carries it, signed (`SignedRunJob`): the workflow itself (not a path: a
 * worker on another machine has no such file, and a resume must run the version that started), its
 * input, and the run id, which is also the job id, so enqueueing the same run twice adds it once.
 */
export interface QueuedRun {
  runId: string;
  /** The workflow as loaded (its JSON). */
  definition: unknown;
  /** Where it was loaded from, for `runs` listings. */
  workflowFile?: string;
  input: unknown;
  /** The end user it runs for (`RunOptions.user`): the worker uses that user's accounts, no other's. */
  user?: string;
  /** Whether someone listens for progress: only then does the worker publish each event. */
  progress: boolean;
}
