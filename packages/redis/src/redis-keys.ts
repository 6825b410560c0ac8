import { JOURNALED_RUN_STATUSES, type JournaledRunStatus } from '@toolsteps/engine';

/** Where RedisJournal keeps everything unless told otherwise: several deployments can share a Redis. */
export const DEFAULT_REDIS_JOURNAL_PREFIX = 'toolsteps:';

/**
 * The journal's keys, every one under the prefix. A run's own keys end with its id, after a name
 * that says what they hold, so no run id (whatever it contains) can name another run's key.
 *
 * - `run:<id>` hash: the run's columns as SqliteJournal keeps them (absent field = NULL), and `seq`
 * - `steps:<id>` hash: step key → step row (JSON); `step-order:<id>` zset: step key → insertion seq
 * - `sends:<id>` list: the writes sent, oldest first, each `{"life":n,"send":row}`
 * - `spends:<id>` list: the credits its steps were counted, oldest first, each a spend row (JSON)
 * - `index:runs` zset id → seq (newest last); `index:status:<status>` the same per status;
 *   `index:ids` zset of ids scored 0, for prefix look-ups; `index:prunable` zset id → finished_at of
 *   runs `prune` may delete; `seq` the counter every seq comes from.
 */
export class RedisJournalKeys {
  readonly runs: string;
  readonly ids: string;
  readonly prunable: string;
  readonly seq: string;

  constructor(readonly prefix: string = DEFAULT_REDIS_JOURNAL_PREFIX) {
    this.runs = this.key('index:runs');
    this.ids = this.key('index:ids');
    this.prunable = this.key('index:prunable');
    this.seq = this.key('seq');
  }

  status(status: JournaledRunStatus): string {
    return this.key(`index:status:${status}`);
  }

  /** The shared keys every script is given first, in this order (see redis-scripts.ts). */
  indexes(): string[] {
    return [
      this.runs,
      this.ids,
      this.seq,
      this.prunable,
      ...JOURNALED_RUN_STATUSES.map((s) => this.status(s)),
    ];
  }

  /** A run's own keys, in the order the scripts expect them after the indexes. */
  ofRun(runId: string): string[] {
    return [this.run(runId), this.steps(runId), this.stepOrder(runId), this.sends(runId), this.spends(runId)];
  }

  run(runId: string): string {
    return this.key(`run:${runId}`);
  }

  steps(runId: string): string {
    return this.key(`steps:${runId}`);
  }

  stepOrder(runId: string): string {
    return this.key(`step-order:${runId}`);
  }

  sends(runId: string): string {
    return this.key(`sends:${runId}`);
  }

  spends(runId: string): string {
    return this.key(`spends:${runId}`);
  }

  private key(name: string): string {
    return `${this.prefix}${name}`;
  }
}
