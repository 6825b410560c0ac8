import { existsSync } from 'node:fs';
import type { RunJournal } from '@toolsteps/engine';
import { DEFAULT_JOURNAL_PATH, SqliteJournal } from '@toolsteps/sqlite';
import { UsageError } from './exit-codes.js';
import { loadRedis } from './load-redis.js';
import { requireRedis } from './require-redis.js';

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

/** Where the `runs` commands read: an SQLite file (`--journal`, the default one), or a queue's Redis. */
export interface JournalChoice {
  journal?: string;
  redis?: string;
}

/** The journal a `runs` command reads and settles: runs of workers live in their Redis (`--redis`). */
export async function openExistingJournal(choice: JournalChoice): Promise<RunJournal> {
  if (choice.redis !== undefined && choice.journal !== undefined)
    throw new UsageError('--redis and --journal name two journals: give one');
  if (choice.redis !== undefined) {
    const redis = requireRedis(choice.redis, 'runs');
    const { RedisJournal } = await loadRedis();
    return RedisJournal.connect(redis);
  }
  return openJournal(choice.journal, { create: false });
}

/** Runs `body` with the journal open, and closes it whatever happens. */
export async function withJournal<T>(
  choice: JournalChoice,
  body: (journal: RunJournal) => Promise<T>,
): Promise<T> {
  const journal = await openExistingJournal(choice);
  try {
    return await body(journal);
  } finally {
    await journal.close();
  }
}
