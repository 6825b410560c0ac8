import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type BetterSqlite3 from 'better-sqlite3';
import { JOURNAL_MIGRATIONS } from '../../src/journal-migrations.js';
import { SqliteJournal } from '../../src/sqlite-journal.js';

const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolsteps-journal-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const version = (path: string) => {
  const db = new Sqlite(path, { readonly: true });
  try {
    return (db.prepare('SELECT version FROM schema_version').get() as { version: number }).version;
  } finally {
    db.close();
  }
};

it('brings an empty file to the latest schema, and opening it again changes nothing', async () => {
  const path = join(dir, 'runs.sqlite');
  writeFileSync(path, '');

  const journal = SqliteJournal.open(path);
  await journal.recordRun({
    runId: 'r1',
    workflowId: 'w',
    status: 'succeeded',
    vars: {},
    steps: [],
    startedAt: 1,
    durationMs: 2,
  });
  await journal.close();
  expect(version(path)).toBe(JOURNAL_MIGRATIONS.length);

  const again = SqliteJournal.open(path);
  expect((await again.runs()).map((run) => run.id)).toEqual(['r1']);
  await again.close();
  expect(version(path)).toBe(JOURNAL_MIGRATIONS.length);
});

it('refuses a journal of a newer schema than it knows, naming the file', () => {
  const path = join(dir, 'newer.sqlite');
  const db = new Sqlite(path);
  db.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (99)');
  db.close();

  expect(() => SqliteJournal.open(path)).toThrow(
    `The run journal ${path} is at schema version 99, newer than this Toolsteps knows (${JOURNAL_MIGRATIONS.length}): upgrade Toolsteps`,
  );
});

it('brings a journal of the first version up to date, keeping its runs and steps', async () => {
  const path = join(dir, 'runs.sqlite');
  const db = new Sqlite(path);
  db.exec(JOURNAL_MIGRATIONS[0]);
  db.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1)');
  db.exec(`INSERT INTO runs (id, workflow_id, workflow_hash, input, status, started_at)
           VALUES ('crashed', 'w', 'abc', '{"a":1}', 'running', 5)`);
  db.exec(`INSERT INTO steps (run_id, step_key, step_id, status, attempts, started_at, duration_ms, result)
           VALUES ('crashed', 'one', 'one', 'succeeded', 1, 6, 1, '{"ok":true}')`);
  db.close();

  const journal = SqliteJournal.open(path);
  try {
    expect(version(path)).toBe(JOURNAL_MIGRATIONS.length);
    expect(await journal.history('crashed')).toMatchObject({
      input: { a: 1 },
      startedAt: 5,
      steps: [{ stepKey: 'one', status: 'succeeded', result: { ok: true } }],
      sent: [],
      run: { status: 'running', workflowHash: 'abc', resumes: 0, cancelRequested: false },
    });
  } finally {
    await journal.close();
  }
});

/** A journal as an earlier release left it: its first `version` migrations, and `rows` inserted. */
function journalAt(path: string, version: number, rows: string): void {
  const db = new Sqlite(path);
  for (const migration of JOURNAL_MIGRATIONS.slice(0, version)) db.exec(migration);
  db.exec(
    `CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (${version})`,
  );
  db.exec(rows);
  db.close();
}

const CRASHED = `INSERT INTO runs (id, workflow_id, workflow_hash, input, status, started_at)
                 VALUES ('crashed', 'w', 'abc', '{}', 'running', 5);`;

it('brings a journal of the release before credit records up to date: its runs resume from no records, and record them', async () => {
  const path = join(dir, 'runs.sqlite');
  journalAt(
    path,
    3,
    `${CRASHED}
     INSERT INTO steps (run_id, step_key, step_id, status, attempts, started_at, duration_ms, credits)
     VALUES ('crashed', 'one', 'one', 'succeeded', 1, 6, 1, '{"spent":4,"estimated":false}');`,
  );

  const journal = SqliteJournal.open(path);
  try {
    expect(version(path)).toBe(JOURNAL_MIGRATIONS.length);
    // The step's trace still says what it spent: a resumed run counts it from there.
    expect(await journal.history('crashed')).toMatchObject({
      steps: [{ stepKey: 'one', credits: { spent: 4, estimated: false } }],
      credits: [],
    });
    const released = {
      stepKey: 'two',
      accountId: 'a',
      stepPointer: '/steps/1',
      spent: -3,
      estimated: false,
      unknown: -3,
    };
    await journal.recordCredits('crashed', released);
    expect((await journal.history('crashed'))?.credits).toEqual([released]);
  } finally {
    await journal.close();
  }
});

it('keeps the credit records of a journal written before they said which were writes of unknown outcome', async () => {
  const path = join(dir, 'runs.sqlite');
  journalAt(
    path,
    4,
    `${CRASHED}
     INSERT INTO spends (run_id, step_key, step_pointer, account_id, spent, estimated, part, value)
     VALUES ('crashed', 'one', '/steps/0', 'a', 2, 1, NULL, NULL);`,
  );

  const journal = SqliteJournal.open(path);
  try {
    expect(version(path)).toBe(JOURNAL_MIGRATIONS.length);
    expect((await journal.history('crashed'))?.credits).toEqual([
      { stepKey: 'one', accountId: 'a', stepPointer: '/steps/0', spent: 2, estimated: true },
    ]);
  } finally {
    await journal.close();
  }
});

it('brings a journal of the release before runs kept their user up to date: its runs are of no user, new ones keep theirs', async () => {
  const path = join(dir, 'runs.sqlite');
  journalAt(path, 5, CRASHED);

  const journal = SqliteJournal.open(path);
  try {
    expect(version(path)).toBe(JOURNAL_MIGRATIONS.length);
    // Resumed as it began: for no user.
    expect(await journal.history('crashed')).not.toHaveProperty('user');
    expect(await journal.run('crashed')).not.toHaveProperty('user');
    await journal.recordStart({
      runId: 'alices',
      workflowId: 'w',
      definition: { id: 'w', steps: [] },
      input: {},
      startedAt: 7,
      user: 'alice',
    });
    expect(await journal.history('alices')).toMatchObject({ user: 'alice', run: { user: 'alice' } });
  } finally {
    await journal.close();
  }
});
