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
];
