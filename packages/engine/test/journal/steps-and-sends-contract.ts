import { describe, expect, it } from '@jest/globals';
import type { JournalUnderTest } from './journal-contract.js';
import {
  runResult,
  runStart,
  sentWrite,
  spentCredits,
  stepTrace,
  unknownOutcome,
} from './journal-records.js';

/** How a journal keeps a run's steps and the writes they sent: what a resume replays and settles. */
export function stepsAndSendsContract(journal: JournalUnderTest) {
  describe('steps and sends', () => {
    it('keeps step records in the order the steps started, one per step key, as the engine made them', async () => {
      await journal().recordStart(runStart('r1'));
      const late = stepTrace('late', { startedAt: 1_300 });
      const early = stepTrace('early', { startedAt: 1_100, meter: { pages: 2 }, requests: 3 });
      const tie = stepTrace('tie', {
        startedAt: 1_100,
        status: 'skipped',
        result: undefined,
        args: undefined,
      });
      for (const trace of [late, early, tie]) await journal().recordStep('r1', trace);
      // Recorded again (an operator's settling record): replaced, in the same place.
      const settled = { ...early, resolution: 'done' as const, result: { id: 8 } };
      await journal().recordStep('r1', settled);

      expect(await journal().steps('r1')).toEqual([settled, tie, late]);
      expect(await journal().steps('unknown')).toEqual([]);
      expect(await journal().run('r1')).toMatchObject({ stepsDone: 3 });
    });

    it('gives the history to resume from: input, start, steps and the writes sent, oldest first', async () => {
      await journal().recordStart(runStart('r1'));
      await journal().recordStep('r1', stepTrace('a'));
      await journal().recordSend('r1', sentWrite('b', { path: '/tasks?x=1' }));
      await journal().recordSend(
        'r1',
        sentWrite('c', { method: 'PATCH', path: '/tasks/3', at: 1_200, attempt: 2 }),
      );

      const history = await journal().history('r1');

      expect(history).toMatchObject({ runId: 'r1', input: { title: 'Ship it' }, startedAt: 1_000 });
      expect(history?.run).toMatchObject({ id: 'r1', status: 'running' });
      expect(history?.steps).toEqual([stepTrace('a')]);
      expect(history?.sent).toEqual([
        sentWrite('b', { path: '/tasks?x=1' }),
        sentWrite('c', { method: 'PATCH', path: '/tasks/3', at: 1_200, attempt: 2 }),
      ]);
    });

    it('a write sent supersedes the step record that did not settle it, never a succeeded one', async () => {
      await journal().recordStart(runStart('r1'));
      await journal().recordStep('r1', unknownOutcome('failed'));
      await journal().recordStep('r1', stepTrace('done'));

      await journal().recordSend('r1', sentWrite('failed', { attempt: 2 }));
      await journal().recordSend('r1', sentWrite('done'));

      const history = await journal().history('r1');
      expect(history?.steps.map((step) => step.stepKey)).toEqual(['done']);
      expect(history?.sent.map((write) => write.stepKey)).toEqual(['failed', 'done']);
    });

    it('a new life of the run sending for a step drops what that step sent in earlier lives', async () => {
      await journal().recordStart(runStart('r1'));
      await journal().recordSend('r1', sentWrite('a', { at: 1 }));
      await journal().recordSend('r1', sentWrite('a', { at: 2 }));
      await journal().recordSend('r1', sentWrite('b', { at: 3 }));
      await journal().recordRun(runResult('r1', { status: 'failed' }));

      await journal().recordStart(runStart('r1'));
      await journal().recordSend('r1', sentWrite('a', { at: 4 }));
      await journal().recordSend('r1', sentWrite('a', { at: 5 }));

      const sent = (await journal().history('r1'))?.sent ?? [];
      expect(sent.map((write) => [write.stepKey, write.at])).toEqual([
        ['b', 3],
        ['a', 4],
        ['a', 5],
      ]);
    });

    it('keeps the credits each step was counted, oldest first and across lives, with the parts they paid for', async () => {
      await journal().recordStart(runStart('r1'));
      const batch = spentCredits('bulk', {
        spent: 200,
        part: { name: 'person/bulk batch 0', value: { of: 'sha', batch: { results: [{ matched: true }] } } },
      });
      const failed = spentCredits('bulk', {
        spent: 1.5,
        estimated: true,
        stepPointer: '/steps/1',
        unknown: 1.5,
      });
      // Given back: its probe proved the write absent.
      const released = spentCredits('bulk', { spent: -1.5, stepPointer: '/steps/1', unknown: -1.5 });
      await journal().recordCredits('r1', batch);
      await journal().recordCredits('r1', failed);
      await journal().recordCredits('r1', released);
      await journal().recordRun(runResult('r1', { status: 'failed' }));
      await journal().recordStart(runStart('r1'));
      const later = spentCredits('other', {
        accountId: 'leads-second',
        part: { name: 'empty', value: null },
      });
      await journal().recordCredits('r1', later);

      expect((await journal().history('r1'))?.credits).toEqual([batch, failed, released, later]);
    });

    it('refuses to record a write of a run it never saw start', async () => {
      // Not toThrow(): better-sqlite3's errors may come from another test file's realm, not instanceof Error here.
      await expect(journal().recordSend('nope', sentWrite('a'))).rejects.toHaveProperty('message');
    });
  });
}
