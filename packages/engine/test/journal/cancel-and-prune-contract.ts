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

/** How a journal ends runs for good: `runs cancel`, live or not, and `runs prune`. */
export function cancelAndPruneContract(journal: JournalUnderTest) {
  const failedWith = (steps = [stepTrace('a')]) =>
    runResult('', {
      status: 'failed',
      steps,
      error: { code: 'upstream', message: 'x', step: 'a', retryable: false },
    });
  const recordFinished = (runId: string, result: ReturnType<typeof runResult>) =>
    journal().recordRun({ ...result, runId });

  describe('cancel', () => {
    it('asks the process of a running run to stop, and only a running one', async () => {
      await journal().recordStart(runStart('r1'));
      expect(await journal().cancelRequested('r1')).toBe(false);

      expect(await journal().cancel('r1', { live: true })).toBe(true);
      expect(await journal().cancelRequested('r1')).toBe(true);
      expect(await journal().run('r1')).toMatchObject({ status: 'running', cancelRequested: true });
      expect(await journal().cancel('r1', { live: true })).toBe(true);

      await recordFinished('r1', runResult(''));
      expect(await journal().cancel('r1', { live: true })).toBe(false);
      expect(await journal().cancel('nope', { live: true })).toBe(false);
      expect(await journal().cancelRequested('nope')).toBe(false);
    });

    it('cancels for good a run asked to stop whose process died before it could', async () => {
      await journal().recordStart(runStart('asked'));
      expect(await journal().cancel('asked', { live: true })).toBe(true);
      expect(await journal().cancel('asked', { live: false })).toBe(true);
      expect(await journal().run('asked')).toMatchObject({ status: 'cancelled', cancelRequested: true });
      expect(await journal().cancel('asked', { live: false })).toBe(false);
    });

    it('cancels at once a run no process holds, unless it is finished, and only once', async () => {
      await journal().recordStart(runStart('crashed'));
      await recordFinished('failed', failedWith());
      await recordFinished('unknown', failedWith([unknownOutcome('a')]));
      await recordFinished('interrupted', runResult('', { status: 'cancelled' }));
      await recordFinished('done', runResult(''));
      const before = Date.now();

      for (const runId of ['crashed', 'failed', 'unknown', 'interrupted'])
        expect(await journal().cancel(runId, { live: false })).toBe(true);
      expect(await journal().cancel('done', { live: false })).toBe(false);
      expect(await journal().cancel('nope', { live: false })).toBe(false);
      expect(await journal().cancel('crashed', { live: false })).toBe(false);

      const crashed = await journal().run('crashed');
      expect(crashed).toMatchObject({ status: 'cancelled', cancelRequested: true });
      expect(crashed?.finishedAt).toBeGreaterThanOrEqual(before);
      expect((await journal().runs({ status: ['cancelled'] })).map((run) => run.id).sort()).toEqual([
        'crashed',
        'failed',
        'interrupted',
        'unknown',
      ]);
      expect(await journal().run('done')).toMatchObject({ status: 'succeeded', cancelRequested: false });
    });
  });

  describe('prune', () => {
    it('deletes runs finished before the time given with all they recorded, never one waiting or running', async () => {
      const finishedAt = (at: number) => ({ startedAt: at - 500, durationMs: 500 });
      for (const runId of ['old-ok', 'old-failed', 'old-unknown', 'new-ok', 'running'])
        await journal().recordStart(runStart(runId));
      for (const runId of ['old-ok', 'old-failed', 'old-unknown', 'new-ok'])
        await journal().recordStep(runId, stepTrace('a'));
      await journal().recordSend('old-ok', sentWrite('b'));
      await journal().recordCredits('old-ok', spentCredits('a'));
      await recordFinished('old-ok', runResult('', finishedAt(10_000)));
      await recordFinished('old-failed', { ...failedWith(), ...finishedAt(10_000) });
      await recordFinished('old-unknown', { ...failedWith([unknownOutcome('a')]), ...finishedAt(10_000) });
      await recordFinished('old-cancelled', runResult('', { status: 'cancelled', ...finishedAt(10_000) }));
      await recordFinished('new-ok', runResult('', finishedAt(20_000)));

      expect(await journal().prune(20_000)).toBe(3);

      const left = (await journal().runs()).map((run) => run.id).sort();
      expect(left).toEqual(['new-ok', 'old-unknown', 'running']);
      expect(await journal().steps('old-ok')).toEqual([]);
      expect(await journal().history('old-ok')).toBeUndefined();
      expect(await journal().runIdsStartingWith('old-', 5)).toEqual(['old-unknown']);
      expect(await journal().steps('old-unknown')).toHaveLength(1);
      expect(await journal().prune(20_000)).toBe(0);
      // Nothing of it is left behind: a run started again under its id has no sends or credits.
      await journal().recordStart(runStart('old-ok'));
      expect(await journal().history('old-ok')).toMatchObject({ steps: [], sent: [], credits: [] });
    });

    it('a run resumed after it failed is not pruned for its old finish; many runs are pruned at once', async () => {
      await recordFinished('resumed', failedWith());
      await journal().recordStart(runStart('resumed'));
      const many = Array.from({ length: 450 }, (_, i) => `r${i}`);
      await Promise.all(many.map((runId) => recordFinished(runId, runResult(''))));

      expect(await journal().prune(2_000)).toBe(450);
      expect((await journal().runs()).map((run) => run.id)).toEqual(['resumed']);
    });
  });
}
