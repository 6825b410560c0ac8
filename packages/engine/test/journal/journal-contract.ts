import { afterEach, beforeEach, describe } from '@jest/globals';
import type { RunStart } from '../../src/ports/events.js';
import type { RunJournal } from '../../src/ports/journaled-run.js';
import { cancelAndPruneContract } from './cancel-and-prune-contract.js';
import { runRecordsContract } from './run-records-contract.js';
import { stepsAndSendsContract } from './steps-and-sends-contract.js';

/** A journal that records a run's start (optional for a Journal; every RunJournal here does). */
export type StartingJournal = RunJournal & { recordStart(start: RunStart): Promise<void> };

/** The journal of the test running: a fresh, empty one per test. */
export type JournalUnderTest = () => StartingJournal;

/**
 * What every RunJournal does alike, so callers never know which one they have: proved on each
 * (SqliteJournal, RedisJournal) by a test file that gives how to open a fresh one.
 */
export function journalContract(name: string, open: () => Promise<StartingJournal>) {
  describe(`${name} keeps the journal contract`, () => {
    let current: StartingJournal | undefined;
    beforeEach(async () => {
      current = await open();
    });
    afterEach(async () => {
      await current?.close();
      current = undefined;
    });
    const journal: JournalUnderTest = () => {
      if (!current) throw new Error('No journal is open outside a test');
      return current;
    };

    runRecordsContract(journal);
    stepsAndSendsContract(journal);
    cancelAndPruneContract(journal);
  });
}
