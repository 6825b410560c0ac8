import { hostname } from 'node:os';
import type { SentWrite } from '@toolsteps/sdk';
import type { RunResult, RunStart, SpentCredits, StepTrace } from '../ports/events.js';
import type { JournaledRun, JournaledRunStatus } from '../ports/journaled-run.js';
import { workflowHash } from './workflow-hash.js';

/** Rows of the journal's tables and their conversion from and to the engine's records. */
export interface RunRow {
  id: string;
  workflow_id: string;
  workflow_hash: string | null;
  workflow_file: string | null;
  input: string | null;
  /** Absent from a Redis row written before it was kept, NULL in a SQLite one. */
  user?: string | null;
  status: JournaledRunStatus;
  started_at: number;
  finished_at: number | null;
  output: string | null;
  vars: string | null;
  error: string | null;
  credits: string | null;
  steps_done: number;
  owner_pid: number | null;
  owner_host: string | null;
  resumes: number;
  cancel_requested: number;
}

export interface SendRow {
  run_id: string;
  step_key: string;
  step: string;
  method: string;
  path: string;
  at: number;
  attempt: number;
}

export interface SpendRow {
  run_id: string;
  step_key: string;
  step_pointer: string;
  account_id: string;
  spent: number;
  estimated: number;
  /** Absent from a Redis row written before it was kept, NULL in a SQLite one. */
  unknown?: number | null;
  part: string | null;
  value: string | null;
}

export interface StepRow {
  run_id: string;
  step_key: string;
  step_id: string;
  step: string | null;
  status: StepTrace['status'];
  attempts: number;
  started_at: number;
  duration_ms: number;
  args: string | null;
  result: string | null;
  error: string | null;
  meter: string | null;
  credits: string | null;
  requests: number | null;
  outcome: string | null;
  outcome_reason: string | null;
  replayed: string | null;
  resolution: string | null;
  account_id: string | null;
  account_name: string | null;
  request_log: string | null;
}

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));
const parsed = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));

export function startParams(start: RunStart) {
  return {
    id: start.runId,
    workflow_id: start.workflowId,
    workflow_hash: workflowHash(start.definition),
    workflow_file: start.workflowFile ?? null,
    input: json(start.input),
    user: start.user ?? null,
    started_at: start.startedAt,
    owner_pid: process.pid,
    owner_host: hostname(),
  };
}

export function resultParams(result: RunResult) {
  return {
    id: result.runId,
    workflow_id: result.workflowId,
    user: result.user ?? null,
    status: journaledStatus(result),
    started_at: result.startedAt,
    finished_at: result.startedAt + result.durationMs,
    output: json(result.output),
    vars: json(result.vars),
    error: json(result.error),
    credits: json(result.credits),
  };
}

/**
 * A failed run whose failing step's write may have happened is `outcome_unknown`: resuming it stops
 * at that step until an operator settles it, so it is listed as waiting for one.
 */
export function journaledStatus(result: RunResult): JournaledRun['status'] {
  if (result.status !== 'failed' || !result.error) return result.status;
  if (result.error.code === 'outcome_unknown') return 'outcome_unknown';
  const failing = result.steps.find((step) => step.stepKey === result.error?.step);
  return failing?.outcome === 'unknown' ? 'outcome_unknown' : 'failed';
}

export function sendParams(runId: string, write: SentWrite) {
  return {
    run_id: runId,
    step_key: write.stepKey,
    step: write.step,
    method: write.method,
    path: write.path,
    at: write.at,
    attempt: write.attempt,
  };
}

export function toSent(row: SendRow): SentWrite {
  return {
    stepKey: row.step_key,
    step: row.step,
    method: row.method,
    path: row.path,
    at: row.at,
    attempt: row.attempt,
  };
}

export function spendParams(runId: string, credits: SpentCredits): SpendRow {
  return {
    run_id: runId,
    step_key: credits.stepKey,
    step_pointer: credits.stepPointer,
    account_id: credits.accountId,
    spent: credits.spent,
    estimated: credits.estimated ? 1 : 0,
    unknown: credits.unknown ?? null,
    part: credits.part?.name ?? null,
    value: credits.part ? (json(credits.part.value) ?? 'null') : null,
  };
}

export function toSpent(row: SpendRow): SpentCredits {
  const credits: SpentCredits = {
    stepKey: row.step_key,
    accountId: row.account_id,
    stepPointer: row.step_pointer,
    spent: row.spent,
    estimated: row.estimated === 1,
  };
  if (typeof row.unknown === 'number') credits.unknown = row.unknown;
  if (row.part !== null) credits.part = { name: row.part, value: parsed(row.value) };
  return credits;
}

export function stepParams(runId: string, trace: StepTrace) {
  return {
    run_id: runId,
    step_key: trace.stepKey,
    step_id: trace.id,
    step: trace.step ?? null,
    status: trace.status,
    attempts: trace.attempts,
    started_at: trace.startedAt,
    duration_ms: trace.durationMs,
    args: json(trace.args),
    result: json(trace.result),
    error: json(trace.error),
    meter: json(trace.meter),
    credits: json(trace.credits),
    requests: trace.requests ?? null,
    outcome: trace.outcome ?? null,
    outcome_reason: trace.outcomeReason ?? null,
    replayed: trace.replayed ?? null,
    resolution: trace.resolution ?? null,
    account_id: trace.account?.id ?? null,
    account_name: trace.account?.name ?? null,
    request_log: json(trace.requestLog),
  };
}

/** Drops the fields a row leaves empty, so a record reads like the one the engine made. */
function defined<T extends object>(record: T): T {
  for (const key of Object.keys(record) as Array<keyof T>) if (record[key] === undefined) delete record[key];
  return record;
}

export function toRun(row: RunRow): JournaledRun {
  return defined({
    id: row.id,
    workflowId: row.workflow_id,
    workflowHash: row.workflow_hash ?? undefined,
    workflowFile: row.workflow_file ?? undefined,
    input: parsed(row.input),
    user: row.user ?? undefined,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at ?? undefined,
    output: parsed(row.output),
    vars: parsed(row.vars) as JournaledRun['vars'],
    error: parsed(row.error) as JournaledRun['error'],
    credits: parsed(row.credits) as JournaledRun['credits'],
    stepsDone: row.steps_done,
    ownerPid: row.owner_pid ?? undefined,
    ownerHost: row.owner_host ?? undefined,
    resumes: row.resumes,
    cancelRequested: row.cancel_requested === 1,
  });
}

export function toTrace(row: StepRow): StepTrace {
  return defined({
    stepKey: row.step_key,
    id: row.step_id,
    step: row.step ?? undefined,
    status: row.status,
    attempts: row.attempts,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    args: parsed(row.args),
    result: parsed(row.result),
    error: parsed(row.error) as StepTrace['error'],
    meter: parsed(row.meter) as StepTrace['meter'],
    credits: parsed(row.credits) as StepTrace['credits'],
    requests: row.requests ?? undefined,
    outcome: (row.outcome ?? undefined) as StepTrace['outcome'],
    outcomeReason: row.outcome_reason ?? undefined,
    replayed: (row.replayed ?? undefined) as StepTrace['replayed'],
    resolution: (row.resolution ?? undefined) as StepTrace['resolution'],
    // Rows of journals older than these columns have none: undefined, not null.
    account:
      row.account_id === null || row.account_id === undefined
        ? undefined
        : { id: row.account_id, name: row.account_name ?? '' },
    requestLog: parsed(row.request_log ?? null) as StepTrace['requestLog'],
  });
}
