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
  // Retention: finished deliveries found by when they finished, to prune the old ones.
  `
  CREATE INDEX deliveries_by_finished ON deliveries (finished_at)
    WHERE status IN ('succeeded', 'skipped', 'failed');
  `,
  // Replay keys: a digest of each webhook delivery's signature, unique per binding, so the same
  // signed request resent under another delivery id is a duplicate.
  `
  ALTER TABLE deliveries ADD COLUMN replay_key TEXT;
  CREATE UNIQUE INDEX deliveries_by_replay_key ON deliveries (binding_id, replay_key)
    WHERE replay_key IS NOT NULL;
  `,
];
