import type { StepErrorJson } from '@toolsteps/sdk';
import type { Journal, RunHistory, RunStatus, StepTrace } from './events.js';
import type { RunCredits } from './run-credits.js';

/**
 * A run as the journal keeps it: `running` until it finishes, which a crashed run never does;
 * `outcome_unknown` when it stopped at a write that may or may not have happened, for an operator.
 */
export type JournaledRunStatus = 'running' | RunStatus | 'outcome_unknown';

export const JOURNALED_RUN_STATUSES: readonly JournaledRunStatus[] = [
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'outcome_unknown',
];

export interface JournaledRun {
  id: string;
  workflowId: string;
  /** sha256 of the workflow's canonical JSON; absent when the run ended before it started (bad input). */
  workflowHash?: string;
  workflowFile?: string;
  input?: unknown;
  /** The end user it runs for, when it has one: kept from its first record, never changed by a resume. */
  user?: string;
  status: JournaledRunStatus;
  startedAt: number;
  finishedAt?: number;
  output?: unknown;
  vars?: Record<string, unknown>;
  error?: StepErrorJson;
  credits?: RunCredits;
  /** How many of its steps have a record: the steps that finished, however they ended. */
  stepsDone: number;
  /** The process that last started or resumed it: a `running` run whose process is gone crashed. */
  ownerPid?: number;
  ownerHost?: string;
  /** How many times it was resumed. */
  resumes: number;
  /** `runs cancel` asked the process running it to stop. */
  cancelRequested: boolean;
}

export interface RunQuery {
  status?: readonly JournaledRunStatus[];
  /** At most this many, newest first. */
  limit?: number;
}

/**
 * A journal a run can be resumed from: it records writes as they leave and credits as they are
 * counted, and gives a run's history.
 */
export interface ResumableJournal extends Journal {
  recordSend: NonNullable<Journal['recordSend']>;
  recordCredits: NonNullable<Journal['recordCredits']>;
  run(runId: string): Promise<JournaledRun | undefined>;
  history(runId: string): Promise<(RunHistory & { run: JournaledRun }) | undefined>;
}

/**
 * A journal runs are kept in for good, whoever reads them: the CLI's `runs` commands and workers
 * work through this, so the embedded store (SqliteJournal) and a shared one (RedisJournal) serve alike.
 */
export interface RunJournal extends ResumableJournal {
  /** Runs newest first (by when they started). */
  runs(query?: RunQuery): Promise<JournaledRun[]>;
  /** Ids of runs starting with `prefix`, at most `limit`. */
  runIdsStartingWith(prefix: string, limit?: number): Promise<string[]>;
  /** A run's step records in the order the steps started. */
  steps(runId: string): Promise<StepTrace[]>;
  /** Cancels a run not finished (`live`: asks the process running it); false when finished or unknown. */
  cancel(runId: string, options: { live: boolean }): Promise<boolean>;
  /** Whether `cancel` asked the process running this run to stop it. */
  cancelRequested(runId: string): Promise<boolean>;
  /** Deletes runs finished (succeeded, failed, cancelled) before `before` (ms since the epoch); how many. */
  prune(before: number): Promise<number>;
  close(): Promise<void>;
}
