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
  resultParams,
  type SpendRow,
  sendParams,
  spendParams,
  startParams,
  stepParams,
  toRun,
  toSent,
  toSpent,
  toTrace,
} from '@toolsteps/engine/adapters';
import type { ChainableCommander, Redis } from 'ioredis';
import { connectRedis } from './connect-redis.js';
import { RedisJournalKeys } from './redis-keys.js';
import { type RunFields, runFields, runRow, sendRow, stepRows } from './redis-rows.js';
import { defineJournalScripts, type JournalScript, type RunScript } from './redis-scripts.js';

export interface RedisJournalOptions {
  /** Put before every key, so several deployments share a Redis; default `toolsteps:`. */
  prefix?: string;
}

/** How many runs one prune script deletes: a long prune does not hold Redis for long at a time. */
const PRUNE_BATCH = 200;

/**
 * The shared run journal: workers on several machines (through BullMQ) record and resume runs in
 * one Redis, with SqliteJournal's semantics and the same rows (keys: redis-keys.ts).
 *
 * Every change is one Lua script, so it is atomic (a read is one MULTI, a consistent picture), and
 * its promise resolves once Redis acknowledged it. What survives a crash of Redis itself is for
 * Redis's persistence to decide: `appendonly yes` with `appendfsync always` (or `everysec`, up to a
 * second lost) for a journal that outlives its server; without it a restart loses the journal.
 * One Redis (replicas allowed), not a Cluster: a script touches a run's keys and shared indexes.
 */
export class RedisJournal implements RunJournal {
  private readonly keys: RedisJournalKeys;
  private readonly script: RunScript;
  private closed = false;

  private constructor(
    private readonly client: Redis,
    options: RedisJournalOptions,
    private readonly ownsClient: boolean,
  ) {
    this.keys = new RedisJournalKeys(options.prefix);
    this.script = defineJournalScripts(client);
  }

  /** Connects to the Redis at `url` (redis://…); `close()` quits that connection. */
  static async connect(url: string, options: RedisJournalOptions = {}): Promise<RedisJournal> {
    const client = await connectRedis(url);
    return new RedisJournal(client, options, true);
  }

  /** Journals through a client the caller keeps (a worker's shared connection): `close()` leaves it open. */
  static withClient(client: Redis, options: RedisJournalOptions = {}): RedisJournal {
    return new RedisJournal(client, options, false);
  }

  async recordStart(start: RunStart): Promise<void> {
    const params = startParams(start);
    // A resumed run starts again under its id: running, in a new life, held by this process, for
    // the user it began for (a run's user is never changed).
    const resumed = {
      status: 'running',
      workflow_hash: params.workflow_hash,
      workflow_file: params.workflow_file,
      owner_pid: params.owner_pid,
      owner_host: params.owner_host,
      finished_at: null,
      output: null,
      error: null,
      cancel_requested: 0,
    };
    await this.upsertRun({ ...params, status: 'running' }, resumed, 1);
  }

  async recordStep(runId: string, trace: StepTrace): Promise<void> {
    await this.change(runId, 'recordStep', [trace.stepKey, JSON.stringify(stepParams(runId, trace))]);
  }

  /** A run whose input was refused ends without a start: its record is made here. */
  async recordRun(result: RunResult): Promise<void> {
    const params = resultParams(result);
    const { status, finished_at, output, vars, error, credits } = params;
    const finished = { status, finished_at, output, vars, error, credits };
    await this.upsertRun(params, finished, 0);
  }

  /**
   * Records a write about to leave. It supersedes what the step's earlier attempts left: a record
   * that did not settle it (failed, or `retry` by an operator), and writes of earlier lives of the
   * run, already settled by a resolution or a probe. Until its own record, the step is unsettled.
   */
  async recordSend(runId: string, write: SentWrite): Promise<void> {
    await this.change(runId, 'recordSend', [runId, write.stepKey, JSON.stringify(sendParams(runId, write))]);
  }

  /** Records credits a step was counted, with the part of its work they paid for, if any. */
  async recordCredits(runId: string, credits: SpentCredits): Promise<void> {
    await this.change(runId, 'recordCredits', [JSON.stringify(spendParams(runId, credits))]);
  }

  /** The run as recorded, to resume from: its input, its step records, the writes it sent and its credits. */
  async history(runId: string): Promise<(RunHistory & { run: JournaledRun }) | undefined> {
    const [hash, stepsDone, steps, order, sends, spends] = await this.read((multi) =>
      multi
        .hgetall(this.keys.run(runId))
        .hlen(this.keys.steps(runId))
        .hgetall(this.keys.steps(runId))
        .zrange(this.keys.stepOrder(runId), 0, -1, 'WITHSCORES')
        .lrange(this.keys.sends(runId), 0, -1)
        .lrange(this.keys.spends(runId), 0, -1),
    );
    const row = runRow(hash as Record<string, string>, stepsDone as number);
    if (!row) return undefined;
    const run = toRun(row);
    return {
      runId,
      input: run.input,
      startedAt: run.startedAt,
      ...(run.user === undefined ? {} : { user: run.user }),
      steps: stepRows(steps as Record<string, string>, order as string[]).map(toTrace),
      sent: (sends as string[]).map((entry) => toSent(sendRow(entry))),
      credits: (spends as string[]).map((entry) => toSpent(JSON.parse(entry) as SpendRow)),
      run,
    };
  }

  /**
   * Cancels a run that is not finished: one no process runs any more is cancelled at once (it will
   * not be resumed); for one still running, the process running it is asked (`cancelRequested`).
   * False when the run is finished or unknown.
   */
  async cancel(runId: string, { live }: { live: boolean }): Promise<boolean> {
    return (await this.change(runId, 'cancel', [runId, live ? '1' : '0', String(Date.now())])) === 1;
  }

  /** Whether `runs cancel` asked for this run to stop: a process running it checks now and then. */
  async cancelRequested(runId: string): Promise<boolean> {
    this.open();
    return (await this.client.hget(this.keys.run(runId), 'cancel_requested')) === '1';
  }

  /**
   * Deletes runs that finished (succeeded, failed or cancelled) before `before`, with their records.
   * Runs waiting for a decision (`outcome_unknown`) or never finished are kept whatever their age.
   */
  async prune(before: number): Promise<number> {
    this.open();
    let deleted = 0;
    for (;;) {
      const ids = await this.client.zrangebyscore(
        this.keys.prunable,
        '-inf',
        `(${before}`,
        'LIMIT',
        0,
        PRUNE_BATCH,
      );
      if (ids.length === 0) return deleted;
      const keys = [...this.keys.indexes(), ...ids.flatMap((id) => this.keys.ofRun(id))];
      // Each candidate leaves the index, deleted or (changed since it was read) filed again as it is now.
      deleted += (await this.script('prune', keys, [String(before), ...ids])) as number;
      if (ids.length < PRUNE_BATCH) return deleted;
    }
  }

  /** Runs newest first (by when they started). */
  async runs(query: RunQuery = {}): Promise<JournaledRun[]> {
    this.open();
    const limit = query.limit === undefined || query.limit < 0 ? Number.POSITIVE_INFINITY : query.limit;
    if (limit === 0) return [];
    const last = Number.isFinite(limit) ? limit - 1 : -1;
    let ids: string[];
    if (query.status === undefined) {
      ids = await this.client.zrevrange(this.keys.runs, 0, last);
    } else {
      // Each status is its own index: the newest of each (read together), merged by seq.
      const lists = (await this.read((multi) => {
        for (const status of new Set(query.status))
          multi.zrevrange(this.keys.status(status), 0, last, 'WITHSCORES');
        return multi;
      })) as string[][];
      const scored = lists.flatMap((list) =>
        list.flatMap((member, i) => (i % 2 === 0 ? [{ id: member, seq: Number(list[i + 1]) }] : [])),
      );
      ids = scored
        .sort((a, b) => b.seq - a.seq)
        .slice(0, limit)
        .map((entry) => entry.id);
    }
    return this.runsById(ids);
  }

  async run(runId: string): Promise<JournaledRun | undefined> {
    return (await this.runsById([runId]))[0];
  }

  /**
   * Ids of runs starting with `prefix`, at most `limit`: so a user can type the first characters of
   * one. Found in the id index by range, in the order of the ids (SqliteJournal: newest first).
   */
  async runIdsStartingWith(prefix: string, limit = 2): Promise<string[]> {
    this.open();
    if (limit <= 0) return [];
    // 0xff never occurs in UTF-8: every id starting with the prefix sorts before prefix + 0xff.
    const from = prefix === '' ? '-' : `[${prefix}`;
    const to = prefix === '' ? '+' : Buffer.concat([Buffer.from(`[${prefix}`), Buffer.from([0xff])]);
    return this.client.zrangebylex(this.keys.ids, from, to, 'LIMIT', 0, limit);
  }

  /** A run's step records in the order the steps started. */
  async steps(runId: string): Promise<StepTrace[]> {
    const [steps, order] = await this.read((multi) =>
      multi.hgetall(this.keys.steps(runId)).zrange(this.keys.stepOrder(runId), 0, -1, 'WITHSCORES'),
    );
    return stepRows(steps as Record<string, string>, order as string[]).map(toTrace);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ownsClient) await this.client.quit();
  }

  /** Reads runs in one MULTI (a consistent picture); ids whose run is gone are skipped. */
  private async runsById(ids: string[]): Promise<JournaledRun[]> {
    if (ids.length === 0) return [];
    const replies = await this.read((multi) => {
      for (const id of ids) multi.hgetall(this.keys.run(id)).hlen(this.keys.steps(id));
      return multi;
    });
    return ids.flatMap((_, i) => {
      const row = runRow(replies[2 * i] as Record<string, string>, replies[2 * i + 1] as number);
      return row ? [toRun(row)] : [];
    });
  }

  /** Creates the run with `created` when it is not known yet, else sets `changed` and adds to `resumes`. */
  private upsertRun(
    created: RunFields & { id: string },
    changed: RunFields,
    resumesBy: 0 | 1,
  ): Promise<unknown> {
    const args = [created.id, runFields(created), runFields(changed), String(resumesBy)];
    return this.change(created.id, 'upsertRun', args);
  }

  private async change(runId: string, script: JournalScript, args: string[]): Promise<unknown> {
    this.open();
    return this.script(script, [...this.keys.indexes(), ...this.keys.ofRun(runId)], args);
  }

  private async read(queue: (multi: ChainableCommander) => ChainableCommander): Promise<unknown[]> {
    this.open();
    const replies = await queue(this.client.multi()).exec();
    if (!replies) throw new Error('The run journal read was aborted');
    return replies.map(([error, value]) => {
      if (error) throw error;
      return value;
    });
  }

  private open(): void {
    if (this.closed) throw new Error('The run journal is closed');
  }
}
