export { MEMORY_JOURNAL_OPTIONS, MemoryJournal, type MemoryJournalOptions } from './memory-journal.js';
export { workflowHash } from './workflow-hash.js';
