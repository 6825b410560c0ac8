import type { RunCredits } from '../contracts/credits.js';
import type { RunStatus } from '../contracts/events.js';
import type { StepErrorJson } from '../contracts/step-error.js';

/** A run as the journal keeps it: `running` until it finishes, which a crashed run never does. */
export type JournaledRunStatus = 'running' | RunStatus;

export const JOURNALED_RUN_STATUSES: readonly JournaledRunStatus[] = [
  'running',
  'succeeded',
  'failed',
  'cancelled',
];

export interface JournaledRun {
  id: string;
  workflowId: string;
  /** sha256 of the workflow's canonical JSON; absent when the run ended before it started (bad input). */
  workflowHash?: string;
  workflowFile?: string;
  input?: unknown;
  status: JournaledRunStatus;
  startedAt: number;
  finishedAt?: number;
  output?: unknown;
  vars?: Record<string, unknown>;
  error?: StepErrorJson;
  credits?: RunCredits;
  /** How many of its steps have a record: the steps that finished, however they ended. */
  stepsDone: number;
}

export interface RunQuery {
  status?: readonly JournaledRunStatus[];
  /** At most this many, newest first. */
  limit?: number;
}
