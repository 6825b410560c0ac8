export { MEMORY_JOURNAL_OPTIONS, MemoryJournal, type MemoryJournalOptions } from './memory-journal.js';
export { watchCancelRequests } from './watch-cancel-requests.js';
export { workflowHash } from './workflow-hash.js';
