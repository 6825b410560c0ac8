export { DEFAULT_JOURNAL_PATH } from './default-journal-path.js';
export {
  JOURNALED_RUN_STATUSES,
  type JournaledRun,
  type JournaledRunStatus,
  type ResumableJournal,
  type RunJournal,
  type RunQuery,
} from './journaled-run.js';
export { MEMORY_JOURNAL_OPTIONS, MemoryJournal, type MemoryJournalOptions } from './memory-journal.js';
export { RedisJournal, type RedisJournalOptions } from './redis-journal.js';
export { DEFAULT_REDIS_JOURNAL_PREFIX } from './redis-keys.js';
export { SqliteJournal } from './sqlite-journal.js';
export { workflowHash } from './workflow-hash.js';
