import { existsSync } from 'node:fs';
import { DEFAULT_JOURNAL_PATH } from '../journal/default-journal-path.js';
import { SqliteJournal } from '../journal/sqlite-journal.js';
import { UsageError } from './exit-codes.js';

/**
 * The SQLite run journal at `--journal` (default `.toolsteps/runs.sqlite`). Commands that only read
 * it (`runs`) do not create one: a mistyped path says so instead of showing nothing.
 */
export function openJournal(path: string | undefined, { create }: { create: boolean }): SqliteJournal {
  const chosen = path ?? DEFAULT_JOURNAL_PATH;
  if (!create && !existsSync(chosen)) {
    throw new UsageError(
      `No run journal at ${chosen}: \`toolsteps run\` creates it${path === undefined ? ' (--journal names another)' : ''}`,
    );
  }
  try {
    return SqliteJournal.open(chosen);
  } catch (error) {
    throw new UsageError(`The run journal ${chosen} cannot be opened: ${(error as Error).message}`);
  }
}

/** Runs `body` with the journal open, and closes it whatever happens. */
export async function withJournal<T>(
  path: string | undefined,
  body: (journal: SqliteJournal) => Promise<T>,
): Promise<T> {
  const journal = openJournal(path, { create: false });
  try {
    return await body(journal);
  } finally {
    await journal.close();
  }
}
