import { journalContract } from '../../../engine/test/journal/journal-contract.js';
import { useFreshJournals } from './fresh-journals.js';

journalContract('RedisJournal', useFreshJournals('RedisJournal'));
