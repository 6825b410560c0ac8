// The SQLite stores (better-sqlite3): the journal runs resume from, and the trigger store.
export { DEFAULT_JOURNAL_PATH } from './default-journal-path.js';
export { DEFAULT_TRIGGER_STORE_PATH, defaultTriggerStore } from './default-trigger-store.js';
export { SqliteJournal } from './sqlite-journal.js';
export { SqliteTriggerStore, type SqliteTriggerStoreOptions } from './sqlite-trigger-store.js';
export { triggerStoreKey } from './trigger-store-key.js';
