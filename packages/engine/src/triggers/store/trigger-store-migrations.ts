/**
 * The SQLite store's schema, one migration per version, applied in order and never edited once
 * released: a database records the version it is at, and a newer store brings it up to date.
 */
export const TRIGGER_STORE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE activations (
    binding_id TEXT PRIMARY KEY,
    trigger TEXT NOT NULL,
    account TEXT NOT NULL,
    registration TEXT,
    secret TEXT,
    secret_sealed INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    activated_at INTEGER NOT NULL
  );
  CREATE TABLE deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    binding_id TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('webhook', 'poll')),
    received_at INTEGER NOT NULL,
    headers TEXT NOT NULL,
    raw_body BLOB NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('received', 'running', 'succeeded', 'failed', 'skipped')),
    error TEXT,
    runs TEXT NOT NULL DEFAULT '[]',
    events_count INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    finished_at INTEGER,
    UNIQUE (binding_id, id)
  );
  CREATE INDEX deliveries_by_status ON deliveries (status, seq);
  CREATE INDEX deliveries_by_id ON deliveries (id);
  CREATE TABLE poll_cursors (
    binding_id TEXT PRIMARY KEY,
    cursor TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
];
