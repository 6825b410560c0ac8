import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { SqliteJournal } from '@toolsteps/sqlite';
import { RedisJournal } from '../../src/redis-journal.js';
import { type RedisServer, startRedisServer } from '../../src/testing/redis-server.js';

/** The journals a run can be kept in for good: every behaviour of one is proved on both. */
export const JOURNAL_KINDS = ['SqliteJournal', 'RedisJournal'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * Registers what a kind of journal needs for the tests of the enclosing block (a temporary folder,
 * or a throwaway redis-server), and returns how a test opens a fresh, empty journal of that kind:
 * a new SQLite file each time, or a new key prefix in the one Redis.
 */
export function useFreshJournals(kind: JournalKind): () => Promise<SqliteJournal | RedisJournal> {
  let opened = 0;
  if (kind === 'SqliteJournal') {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'toolsteps-journal-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));
    return async () => SqliteJournal.open(join(dir, `runs-${++opened}.sqlite`));
  }
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server?.stop());
  return () => {
    if (!server) throw new Error('The Redis server is not started yet');
    return RedisJournal.connect(server.url, { prefix: `test-${++opened}:` });
  };
}
