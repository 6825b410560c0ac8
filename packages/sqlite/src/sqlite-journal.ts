import { createRequire } from 'node:module';
import type {
  JournaledRun,
  RunHistory,
  RunJournal,
  RunQuery,
  RunResult,
  RunStart,
  SentWrite,
  SpentCredits,
  StepTrace,
} from '@toolsteps/engine';
import {
  type RunRow,
  resultParams,
  type SendRow,
  type SpendRow,
  type StepRow,
  sendParams,
  spendParams,
  startParams,
  stepParams,
  toRun,
  toSent,
  toSpent,
  toTrace,
} from '@toolsteps/engine/adapters';
import type BetterSqlite3 from 'better-sqlite3';
import { GroupCommit } from './group-commit.js';
import { JOURNAL_MIGRATIONS } from './journal-migrations.js';
import { migrateSchema } from './migrate-schema.js';
import { ownerOnlyFile } from './owner-only-file.js';

type Database = BetterSqlite3.Database;

/** Loaded when a journal is opened, not when the engine is: `--no-journal` never needs it. */
const require = createRequire(import.meta.url);

/** Runs `prune(before)` deletes: finished before it, with nothing left to decide. */
const PRUNABLE = `finished_at < @before AND status IN ('succeeded', 'failed', 'cancelled')`;

const RUN_COLUMNS = '*, (SELECT count(*) FROM steps WHERE steps.run_id = runs.id) AS steps_done';

/**
 * The embedded run journal: one SQLite file (better-sqlite3), no server to start. A run is written
 * as `running` before its first step, each step as it finishes, and the result at the end, so a
 * crash leaves the run `running` with the steps it completed: what a resume starts from.
 *
 * Durability as the trigger store's: WAL with `synchronous=FULL`, every promise resolved once its
 * write is on disk, writes of one turn of the event loop sharing a commit. The file is owner-only
 * (0600): traces are scrubbed of secrets, but a step's results are the user's data.
 */
export class SqliteJournal implements RunJournal {
  private readonly statements: ReturnType<typeof prepare>;
  private readonly commits: GroupCommit;
  private closed = false;

  private constructor(private readonly db: Database) {
    this.statements = prepare(db);
    this.commits = new GroupCommit(db);
  }

  /** Opens (creating it owner-only, 0600) and migrates the journal at `path`. */
  static open(path: string): SqliteJournal {
    if (path !== ':memory:') ownerOnlyFile(path);
    const Sqlite = require('better-sqlite3') as typeof BetterSqlite3;
    const db = new Sqlite(path);
    try {
      // First: `toolsteps runs` beside a running `toolsteps run`, or two runs at once, wait instead of failing.
      db.pragma('busy_timeout = 5000');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      migrateSchema(db, JOURNAL_MIGRATIONS, `The run journal ${path}`);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SqliteJournal(db);
  }

  async recordStart(start: RunStart): Promise<void> {
    const params = startParams(start);
    await this.write(() => this.statements.start.run(params));
  }

  async recordStep(runId: string, trace: StepTrace): Promise<void> {
    const params = stepParams(runId, trace);
    await this.write(() => this.statements.step.run(params));
  }

  async recordRun(result: RunResult): Promise<void> {
    const params = resultParams(result);
    await this.write(() => this.statements.finish.run(params));
  }

  /**
   * Records a write about to leave. It supersedes what the step's earlier attempts left: a record
   * that did not settle it (failed, or `retry` by an operator), and writes of earlier lives of the
   * run, already settled by a resolution or a probe. Until its own record, the step is unsettled.
   */
  async recordSend(runId: string, write: SentWrite): Promise<void> {
    const params = sendParams(runId, write);
    await this.write(() => {
      this.statements.supersedeStep.run(params);
      this.statements.supersedeSends.run(params);
      this.statements.send.run(params);
    });
  }

  /** Records credits a step was counted, with the part of its work they paid for, if any. */
  async recordCredits(runId: string, credits: SpentCredits): Promise<void> {
    const params = spendParams(runId, credits);
    await this.write(() => this.statements.spend.run(params));
  }

  /** The run as recorded, to resume from: its input, its step records, the writes it sent and its credits. */
  async history(runId: string): Promise<(RunHistory & { run: JournaledRun }) | undefined> {
    const run = await this.run(runId);
    if (!run) return undefined;
    const sent = (this.statements.sends.all(runId) as SendRow[]).map(toSent);
    const credits = (this.statements.spends.all(runId) as SpendRow[]).map(toSpent);
    const steps = await this.steps(runId);
    const user = run.user === undefined ? {} : { user: run.user };
    return { runId, input: run.input, startedAt: run.startedAt, ...user, steps, sent, credits, run };
  }

  /**
   * Cancels a run that is not finished: one no process runs any more is cancelled at once (it will
   * not be resumed); for one still running, the process running it is asked (`cancelRequested`).
   * False when the run is finished or unknown.
   */
  async cancel(runId: string, { live }: { live: boolean }): Promise<boolean> {
    const statement = live ? this.statements.requestCancel : this.statements.cancel;
    const changes = await this.write(() => statement.run({ id: runId, at: Date.now() }).changes);
    return changes > 0;
  }

  /** Whether `runs cancel` asked for this run to stop: a process running it checks now and then. */
  async cancelRequested(runId: string): Promise<boolean> {
    const row = this.statements.cancelRequested.get(runId) as { cancel_requested: number } | undefined;
    return row?.cancel_requested === 1;
  }

  /**
   * Deletes runs that finished (succeeded, failed or cancelled) before `before`, with their records.
   * Runs waiting for a decision (`outcome_unknown`) or never finished are kept whatever their age.
   */
  async prune(before: number): Promise<number> {
    return this.write(() => {
      this.statements.pruneSteps.run({ before });
      this.statements.pruneSends.run({ before });
      this.statements.pruneSpends.run({ before });
      return this.statements.pruneRuns.run({ before }).changes;
    });
  }

  /** Runs newest first (by when they started). */
  async runs(query: RunQuery = {}): Promise<JournaledRun[]> {
    const params: unknown[] = [];
    let where = '';
    if (query.status !== undefined) {
      where = `WHERE status IN (${query.status.map(() => '?').join(', ') || 'NULL'})`;
      params.push(...query.status);
    }
    const limit = query.limit === undefined ? '' : 'LIMIT ?';
    if (query.limit !== undefined) params.push(query.limit);
    const sql = `SELECT ${RUN_COLUMNS} FROM runs ${where} ORDER BY seq DESC ${limit}`;
    return (this.db.prepare(sql).all(...params) as RunRow[]).map(toRun);
  }

  async run(runId: string): Promise<JournaledRun | undefined> {
    const row = this.statements.run.get(runId) as RunRow | undefined;
    return row === undefined ? undefined : toRun(row);
  }

  /** Ids of runs starting with `prefix`, at most `limit`: so a user can type the first characters of one. */
  async runIdsStartingWith(prefix: string, limit = 2): Promise<string[]> {
    const rows = this.statements.idsStartingWith.all(prefix, prefix, limit) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  /** A run's step records in the order the steps started. */
  async steps(runId: string): Promise<StepTrace[]> {
    return (this.statements.steps.all(runId) as StepRow[]).map(toTrace);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.commits.flush();
    this.closed = true;
    this.db.close();
  }

  private write<T>(work: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The run journal is closed'));
    return this.commits.write(work);
  }
}

function prepare(db: Database) {
  const statement = (sql: string) => db.prepare(sql);
  return {
    // A resumed run starts again under its id: running, in a new life, held by this process, for
    // the user it began for (a run's user is never changed).
    start: statement(
      `INSERT INTO runs (id, workflow_id, workflow_hash, workflow_file, input, user, status, started_at,
         owner_pid, owner_host)
       VALUES (@id, @workflow_id, @workflow_hash, @workflow_file, @input, @user, 'running', @started_at,
         @owner_pid, @owner_host)
       ON CONFLICT (id) DO UPDATE SET status = 'running', workflow_hash = excluded.workflow_hash,
         workflow_file = excluded.workflow_file, finished_at = NULL, output = NULL, error = NULL,
         owner_pid = excluded.owner_pid, owner_host = excluded.owner_host, resumes = resumes + 1,
         cancel_requested = 0`,
    ),
    // A run whose input was refused ends without a start: its row is made here.
    finish: statement(
      `INSERT INTO runs (id, workflow_id, user, status, started_at, finished_at, output, vars, error, credits)
       VALUES (@id, @workflow_id, @user, @status, @started_at, @finished_at, @output, @vars, @error, @credits)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, finished_at = excluded.finished_at,
         output = excluded.output, vars = excluded.vars, error = excluded.error, credits = excluded.credits`,
    ),
    step: statement(
      `INSERT INTO steps (run_id, step_key, step_id, step, status, attempts, started_at, duration_ms,
         args, result, error, meter, credits, requests, outcome, outcome_reason, replayed, resolution,
         account_id, account_name, request_log)
       VALUES (@run_id, @step_key, @step_id, @step, @status, @attempts, @started_at, @duration_ms,
         @args, @result, @error, @meter, @credits, @requests, @outcome, @outcome_reason, @replayed,
         @resolution, @account_id, @account_name, @request_log)
       ON CONFLICT (run_id, step_key) DO UPDATE SET step_id = excluded.step_id, step = excluded.step,
         status = excluded.status, attempts = excluded.attempts, started_at = excluded.started_at,
         duration_ms = excluded.duration_ms, args = excluded.args, result = excluded.result,
         error = excluded.error, meter = excluded.meter, credits = excluded.credits,
         requests = excluded.requests, outcome = excluded.outcome, outcome_reason = excluded.outcome_reason,
         replayed = excluded.replayed, resolution = excluded.resolution, account_id = excluded.account_id,
         account_name = excluded.account_name, request_log = excluded.request_log`,
    ),
    supersedeStep: statement(
      `DELETE FROM steps WHERE run_id = @run_id AND step_key = @step_key AND status <> 'succeeded'`,
    ),
    supersedeSends: statement(
      `DELETE FROM sends WHERE run_id = @run_id AND step_key = @step_key
         AND life < (SELECT resumes FROM runs WHERE id = @run_id)`,
    ),
    send: statement(
      `INSERT INTO sends (run_id, step_key, step, method, path, at, attempt, life)
       VALUES (@run_id, @step_key, @step, @method, @path, @at, @attempt,
         (SELECT resumes FROM runs WHERE id = @run_id))`,
    ),
    sends: statement('SELECT * FROM sends WHERE run_id = ? ORDER BY seq'),
    spend: statement(
      `INSERT INTO spends (run_id, step_key, step_pointer, account_id, spent, estimated, unknown, part, value)
       VALUES (@run_id, @step_key, @step_pointer, @account_id, @spent, @estimated, @unknown, @part, @value)`,
    ),
    spends: statement('SELECT * FROM spends WHERE run_id = ? ORDER BY seq'),
    cancel: statement(
      `UPDATE runs SET status = 'cancelled', finished_at = @at, cancel_requested = 1
       WHERE id = @id AND status IN ('running', 'failed', 'outcome_unknown', 'cancelled')
         AND NOT (status = 'cancelled' AND cancel_requested = 1)`,
    ),
    requestCancel: statement(`UPDATE runs SET cancel_requested = 1 WHERE id = @id AND status = 'running'`),
    cancelRequested: statement('SELECT cancel_requested FROM runs WHERE id = ?'),
    pruneSteps: statement(`DELETE FROM steps WHERE run_id IN (SELECT id FROM runs WHERE ${PRUNABLE})`),
    pruneSends: statement(`DELETE FROM sends WHERE run_id IN (SELECT id FROM runs WHERE ${PRUNABLE})`),
    pruneSpends: statement(`DELETE FROM spends WHERE run_id IN (SELECT id FROM runs WHERE ${PRUNABLE})`),
    pruneRuns: statement(`DELETE FROM runs WHERE ${PRUNABLE}`),
    run: statement(`SELECT ${RUN_COLUMNS} FROM runs WHERE id = ?`),
    idsStartingWith: statement(
      'SELECT id FROM runs WHERE substr(id, 1, length(?)) = ? ORDER BY seq DESC LIMIT ?',
    ),
    steps: statement('SELECT * FROM steps WHERE run_id = ? ORDER BY started_at, rowid'),
  };
}
