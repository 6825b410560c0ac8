/**
 * The run journal's schema, one migration per version, applied in order and never edited once
 * released: a database records the version it is at, and a newer journal brings it up to date.
 */
export const JOURNAL_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE runs (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    workflow_id TEXT NOT NULL,
    workflow_hash TEXT,
    workflow_file TEXT,
    input TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled')),
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    output TEXT,
    vars TEXT,
    error TEXT,
    credits TEXT
  );
  CREATE INDEX runs_by_status ON runs (status, seq);
  CREATE TABLE steps (
    run_id TEXT NOT NULL,
    step_key TEXT NOT NULL,
    step_id TEXT NOT NULL,
    step TEXT,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    args TEXT,
    result TEXT,
    error TEXT,
    meter TEXT,
    credits TEXT,
    requests INTEGER,
    outcome TEXT,
    outcome_reason TEXT,
    PRIMARY KEY (run_id, step_key)
  );
  `,
  // Resume: runs may stop as outcome_unknown, say who holds them and ask to be cancelled; writes
  // are recorded as they leave (sends), each in the life of the run (resumes) that sent it.
  `
  CREATE TABLE runs_v2 (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    workflow_id TEXT NOT NULL,
    workflow_hash TEXT,
    workflow_file TEXT,
    input TEXT,
    status TEXT NOT NULL
      CHECK (status IN ('running', 'succeeded', 'failed', 'cancelled', 'outcome_unknown')),
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    output TEXT,
    vars TEXT,
    error TEXT,
    credits TEXT,
    owner_pid INTEGER,
    owner_host TEXT,
    resumes INTEGER NOT NULL DEFAULT 0,
    cancel_requested INTEGER NOT NULL DEFAULT 0
  );
  INSERT INTO runs_v2 (seq, id, workflow_id, workflow_hash, workflow_file, input, status, started_at,
    finished_at, output, vars, error, credits)
  SELECT seq, id, workflow_id, workflow_hash, workflow_file, input, status, started_at,
    finished_at, output, vars, error, credits FROM runs;
  DROP TABLE runs;
  ALTER TABLE runs_v2 RENAME TO runs;
  CREATE INDEX runs_by_status ON runs (status, seq);
  CREATE INDEX runs_by_finish ON runs (finished_at);
  ALTER TABLE steps ADD COLUMN replayed TEXT;
  ALTER TABLE steps ADD COLUMN resolution TEXT;
  CREATE TABLE sends (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL,
    step_key TEXT NOT NULL,
    step TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    at INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    life INTEGER NOT NULL
  );
  CREATE INDEX sends_by_step ON sends (run_id, step_key);
  `,
  // Traces: the account each step used (id and name) and the requests it sent, when traced.
  `
  ALTER TABLE steps ADD COLUMN account_id TEXT;
  ALTER TABLE steps ADD COLUMN account_name TEXT;
  ALTER TABLE steps ADD COLUMN request_log TEXT;
  `,
  // Credits: what each step was counted, as it was (an attempt's end, a part of its work done with
  // its value), so a resumed run starts from what it spent and a bulk step buys no batch twice.
  `
  CREATE TABLE spends (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL,
    step_key TEXT NOT NULL,
    step_pointer TEXT NOT NULL,
    account_id TEXT NOT NULL,
    spent REAL NOT NULL,
    estimated INTEGER NOT NULL,
    part TEXT,
    value TEXT
  );
  CREATE INDEX spends_by_run ON spends (run_id, seq);
  `,
  // Of each spend, the worst cases of writes whose outcome is unknown (negative once their probe
  // proved them absent): a resumed run's probe that finds such a write counts it once.
  `
  ALTER TABLE spends ADD COLUMN unknown REAL;
  `,
  // The end user a run acts for, so a resume goes on with that user's accounts.
  `
  ALTER TABLE runs ADD COLUMN user TEXT;
  `,
];
