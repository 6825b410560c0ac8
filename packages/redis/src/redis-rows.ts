import type { RunRow, SendRow, StepRow } from '@toolsteps/engine/adapters';

/**
 * The journal's rows as RedisJournal keeps them: a run as a hash of its columns (strings, an absent
 * field for NULL), a step or a send as the JSON of its row. The rows are journal-rows.ts's, so both
 * journals store the same values and read them back through the same conversions.
 */

/** Columns of a run row to write; null deletes one (NULL in SQLite). */
export type RunFields = Record<string, string | number | null>;

/** A row's columns as the scripts write them: strings, or null to delete the field. */
export function runFields(row: RunFields): string {
  const fields: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(row)) fields[name] = value === null ? null : String(value);
  return JSON.stringify(fields);
}

/** The run read back from its hash, with how many step records it has; undefined when unknown. */
export function runRow(hash: Record<string, string>, stepsDone: number): RunRow | undefined {
  if (hash.id === undefined) return undefined;
  const text = (name: string) => hash[name] ?? null;
  const number = (name: string) => (hash[name] === undefined ? null : Number(hash[name]));
  return {
    id: hash.id,
    workflow_id: hash.workflow_id,
    workflow_hash: text('workflow_hash'),
    workflow_file: text('workflow_file'),
    input: text('input'),
    user: text('user'),
    status: hash.status as RunRow['status'],
    started_at: Number(hash.started_at),
    finished_at: number('finished_at'),
    output: text('output'),
    vars: text('vars'),
    error: text('error'),
    credits: text('credits'),
    steps_done: stepsDone,
    owner_pid: number('owner_pid'),
    owner_host: text('owner_host'),
    resumes: Number(hash.resumes),
    cancel_requested: Number(hash.cancel_requested),
  };
}

/**
 * A run's step rows in the order the steps started, ties in the order they were first recorded
 * (SqliteJournal's `ORDER BY started_at, rowid`). `order` is ZRANGE WITHSCORES: key, seq, key, seq…
 */
export function stepRows(rows: Record<string, string>, order: string[]): StepRow[] {
  const seq = new Map<string, number>();
  for (let i = 0; i < order.length; i += 2) seq.set(order[i], Number(order[i + 1]));
  return Object.values(rows)
    .map((json) => JSON.parse(json) as StepRow)
    .sort((a, b) => a.started_at - b.started_at || (seq.get(a.step_key) ?? 0) - (seq.get(b.step_key) ?? 0));
}

/** A send as the list keeps it: its row, tagged with the life of the run that sent it. */
export function sendRow(entry: string): SendRow {
  return (JSON.parse(entry) as { life: number; send: SendRow }).send;
}
