import { useFreshJournals } from './fresh-journals.js';
import { journalContract } from './journal-contract.js';

journalContract('RedisJournal', useFreshJournals('RedisJournal'));
