import { useFreshJournals } from './fresh-journals.js';
import { journalContract } from './journal-contract.js';

journalContract('SqliteJournal', useFreshJournals('SqliteJournal'));
