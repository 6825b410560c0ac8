import type { HttpMethod, SentWrite, StepErrorJson } from '@toolsteps/sdk';
import type { CreditSpend, RunCredits } from './run-credits.js';

interface StepEventBase {
  runId: string;
  /** Position in the workflow, e.g. `tickets[3].ticket`. */
  stepKey: string;
  /** The workflow's own id for the step. */
  id: string;
  /** The catalog step it runs (absent for control-only nodes such as `parallel`). */
  step?: string;
  at: number;
}

export type RunEvent =
  | {
      type: 'run.started';
      runId: string;
      workflowId: string;
      /** Set when the run goes on from its journal record (`resume`). */
      resumed?: true;
      at: number;
    }
  | {
      type: 'run.finished';
      runId: string;
      workflowId: string;
      status: RunStatus;
      durationMs: number;
      error?: StepErrorJson;
      /** The run's credits, when a step of it was metered or reported credits. */
      credits?: RunCredits;
      at: number;
    }
  | (StepEventBase & { type: 'step.started'; attempt: number })
  | (StepEventBase & { type: 'step.retrying'; attempt: number; delayMs: number; error: StepErrorJson })
  | (StepEventBase & {
      type: 'step.probed';
      /** The write in question and how it ended, e.g. `POST /tasks answered 502`. */
      write: string;
      /** Whether the step's probe found it done: then the step ends with what the probe found. */
      found: boolean;
    })
  | (StepEventBase & {
      type: 'step.succeeded';
      attempts: number;
      durationMs: number;
      /** What the step spent, when it is metered or reported credits. */
      credits?: CreditSpend;
      /** A step that did not run again: recorded before, or found done by its probe (see StepTrace.replayed). */
      replayed?: 'recorded' | 'probed';
    })
  | (StepEventBase & {
      type: 'step.failed';
      attempts: number;
      durationMs: number;
      error: StepErrorJson;
      caught: boolean;
      credits?: CreditSpend;
    })
  | (StepEventBase & { type: 'step.skipped'; reason: string });

export type RunEventType = RunEvent['type'];

/** Receives progress as it happens; an agent runtime streams these, the CLI draws them. */
export type RunObserver = (event: RunEvent) => void;

export type RunStatus = 'succeeded' | 'failed' | 'cancelled';

export type StepStatus = 'succeeded' | 'failed' | 'skipped' | 'caught';

/** What happened to one step of a run (secrets scrubbed). */
export interface StepTrace {
  stepKey: string;
  id: string;
  step?: string;
  status: StepStatus;
  attempts: number;
  startedAt: number;
  durationMs: number;
  args?: unknown;
  result?: unknown;
  error?: StepErrorJson;
  /** Counters the step reported (`ctx.meter`). */
  meter?: Record<string, number>;
  /** Credits the step spent (retries, and a resumed run's earlier lives, included), when it is metered or reported credits. */
  credits?: CreditSpend;
  /**
   * Number of HTTP requests the step sent, retries included, counted as they leave: a request still
   * in flight when the step was cancelled or timed out counts.
   */
  requests?: number;
  /** The connected account the step used, by id and name: never its settings or credentials. */
  account?: { id: string; name: string };
  /**
   * The step's requests in the order they left, when the engine traces them (`traceRequests`; the
   * CLI does): method, path without its query, and the status answered (absent when none came).
   */
  requestLog?: RequestTrace[];
  /**
   * `unknown` on a failed (or caught) step when a write it sent may have been processed although the
   * step failed: it got no complete answer (timeout, dropped connection, the step cancelled or timed
   * out while it was in flight) or a 5xx. Check the upstream before running the step again.
   */
  outcome?: 'unknown';
  /** Which write and how it ended, e.g. `POST /issues timed out after it was sent, before a complete answer`. */
  outcomeReason?: string;
  /**
   * Set on a step that did not run again: `recorded`, a resumed run's step, the result an earlier
   * attempt of the run recorded; `probed`, the step's probe found its write had happened and read the
   * result (a write a crash left in flight, or one whose answer said nothing: a 5xx, a lost answer).
   */
  replayed?: 'recorded' | 'probed';
  /** An operator's decision on a step whose outcome was unknown (`toolsteps runs resolve`). */
  resolution?: StepResolution;
}

/** One request of a step, as its trace keeps it: no query, headers or bodies, which may carry data or secrets. */
export interface RequestTrace {
  method: HttpMethod;
  /** Relative to the integration's base URL, without the query string. */
  path: string;
  /** The status answered; absent when no answer came (timeout, lost connection, still in flight). */
  status?: number;
}

/**
 * How an operator settled a step whose write may or may not have happened: `done`, it happened (with
 * the result given); `retry`, it did not, run it again; `failed`, treat the step as failed.
 */
export type StepResolution = 'done' | 'retry' | 'failed';

/**
 * Credits a step was counted since its previous record, journaled as they are counted: when an
 * attempt ends, and with each part of its work as it completes (`ctx.parts`). A resumed run starts
 * from every record of its earlier lives, a failed step's included.
 */
export interface SpentCredits {
  stepKey: string;
  /** The account charged. */
  accountId: string;
  /** The workflow step (its JSON pointer) whose `maxCredits` counts them, every iteration together. */
  stepPointer: string;
  /** Less than 0 for worst cases given back (`unknown` below). */
  spent: number;
  /** Some of them were computed (pricing rules, a worst case) rather than reported by the provider. */
  estimated: boolean;
  /**
   * Of `spent`, the worst cases counted for writes whose outcome is unknown (a 5xx, no answer), until
   * the step's probe settles them: negative when it proved them absent and gave them back. A resumed
   * run's probe finding a write counts it only when nothing recorded counts it yet.
   */
  unknown?: number;
  /** The part of the step's work completed with them, and its value (secrets scrubbed). */
  part?: { name: string; value: unknown };
}

export interface RunResult {
  runId: string;
  workflowId: string;
  status: RunStatus;
  output?: unknown;
  vars: Record<string, unknown>;
  steps: StepTrace[];
  error?: StepErrorJson;
  /** Credits spent, in total and per account, when a step of the run was metered or reported credits. */
  credits?: RunCredits;
  /** The end user the run acted for (`RunOptions.user`), when it had one. */
  user?: string;
  startedAt: number;
  durationMs: number;
}

/** What is known of a run before its first step (secrets scrubbed): what a resume starts from. */
export interface RunStart {
  runId: string;
  workflowId: string;
  /** The workflow as loaded (its JSON), so a journal can fingerprint the version that ran. */
  definition: unknown;
  /** Where the workflow was loaded from, when it came from a file. */
  workflowFile?: string;
  input: unknown;
  startedAt: number;
  /** The end user the run acts for (`RunOptions.user`): a resume acts for the same one. */
  user?: string;
  /** Set when the run is resumed from its journal rather than started. */
  resumed?: boolean;
}

/** Where finished step records and runs are kept; an agent runtime binds a durable one. */
export interface Journal {
  /**
   * Called once the input is checked, before any step runs. Optional: a journal that keeps only
   * finished runs can skip it; a durable one records the run as running, so a crash leaves a trace.
   */
  recordStart?(start: RunStart): Promise<void>;
  recordStep(runId: string, trace: StepTrace): Promise<void>;
  recordRun(result: RunResult): Promise<void>;
  /**
   * Optional, for journals a run can be resumed from: awaited before a write not safe to repeat
   * leaves, so a crash while it is in flight leaves a record that it may have happened.
   */
  recordSend?(runId: string, write: SentWrite): Promise<void>;
  /**
   * Optional, for journals a run can be resumed from: awaited as a metered step's attempt ends and
   * as it completes a part of its work, so a resumed run counts what its earlier lives spent.
   */
  recordCredits?(runId: string, credits: SpentCredits): Promise<void>;
}

/**
 * What a resumed run starts from: the run as the journal kept it. Steps recorded as succeeded (or
 * caught) are replayed, not run again; a write recorded as sent without a step record that settles
 * it is run again only when safe (see execution/resume).
 */
export interface RunHistory {
  runId: string;
  input: unknown;
  startedAt: number;
  /** The end user the run began for: it goes on with that user's accounts, whoever resumes it. */
  user?: string;
  steps: readonly StepTrace[];
  sent: readonly SentWrite[];
  /** The credits its steps were counted, oldest first: what its budgets start from. */
  credits?: readonly SpentCredits[];
}
