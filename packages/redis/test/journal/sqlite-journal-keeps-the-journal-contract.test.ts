import { journalContract } from '../../../engine/test/journal/journal-contract.js';
import { useFreshJournals } from './fresh-journals.js';

journalContract('SqliteJournal', useFreshJournals('SqliteJournal'));
