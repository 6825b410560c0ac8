import type BetterSqlite3 from 'better-sqlite3';

interface PendingWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes asked for in the same turn of the event loop (parallel steps finishing together, several
 * runs at once) committed in one transaction, so they share one fsync; each promise resolves once
 * that transaction is on disk. A write that throws fails alone; a commit that fails fails them all.
 */
export class GroupCommit {
  private pending: PendingWrite[] = [];
  private scheduled = false;

  constructor(private readonly db: BetterSqlite3.Database) {}

  write<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits every waiting write now; also called on close, so none is lost. */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    let outcomes: Array<{ value?: unknown; error?: unknown; failed: boolean }>;
    try {
      outcomes = this.db.transaction(() =>
        batch.map(({ work }) => {
          try {
            return { value: work(), failed: false };
          } catch (error) {
            return { error, failed: true };
          }
        }),
      )();
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    for (const [index, write] of batch.entries()) {
      const outcome = outcomes[index];
      if (outcome.failed) write.reject(outcome.error);
      else write.resolve(outcome.value);
    }
  }
}
