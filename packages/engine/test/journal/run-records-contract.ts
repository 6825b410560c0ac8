import { hostname } from 'node:os';
import { describe, expect, it } from '@jest/globals';
import { workflowHash } from '../../src/journal/index.js';
import type { JournalUnderTest } from './journal-contract.js';
import { DEFINITION, runResult, runStart, stepTrace, unknownOutcome } from './journal-records.js';

const owner = { ownerPid: process.pid, ownerHost: hostname() };

/** How a journal keeps runs: started, finished, resumed, and the status they are listed under. */
export function runRecordsContract(journal: JournalUnderTest) {
  describe('run records', () => {
    it('records a started run as running, held by this process, and nothing for a run it never saw', async () => {
      await journal().recordStart(runStart('r1'));

      expect(await journal().run('r1')).toEqual({
        id: 'r1',
        workflowId: 'wf',
        workflowHash: workflowHash(DEFINITION),
        workflowFile: 'flows/wf.json',
        input: { title: 'Ship it' },
        status: 'running',
        startedAt: 1_000,
        stepsDone: 0,
        ...owner,
        resumes: 0,
        cancelRequested: false,
      });
      expect(await journal().run('nope')).toBeUndefined();
      expect(await journal().history('nope')).toBeUndefined();
    });

    it('finishes a run with its output, variables, error, credits and how many steps it recorded', async () => {
      const credits = { total: 3, estimated: false, byAccount: { demo: { spent: 3, estimated: false } } };
      await journal().recordStart(runStart('r1'));
      await journal().recordStep('r1', stepTrace('a'));
      await journal().recordStep('r1', stepTrace('b'));
      await journal().recordRun(runResult('r1', { credits }));

      expect(await journal().run('r1')).toMatchObject({
        status: 'succeeded',
        finishedAt: 1_500,
        output: 'done',
        vars: { count: 1 },
        credits,
        stepsDone: 2,
      });
    });

    it('records a run refused on its input, which ends without a start', async () => {
      const error = { code: 'validation' as const, message: 'title is required', retryable: false };
      await journal().recordRun(runResult('refused', { status: 'failed', output: undefined, error }));

      expect(await journal().run('refused')).toEqual({
        id: 'refused',
        workflowId: 'wf',
        status: 'failed',
        startedAt: 1_000,
        finishedAt: 1_500,
        vars: { count: 1 },
        error,
        stepsDone: 0,
        resumes: 0,
        cancelRequested: false,
      });
    });

    it('a resumed run is running again in a new life: resumes grows, its finish and cancel request are cleared', async () => {
      const changed = { ...DEFINITION, steps: [] };
      await journal().recordStart(runStart('r1'));
      expect(await journal().cancel('r1', { live: true })).toBe(true);
      const error = { code: 'upstream' as const, message: 'boom', retryable: false };
      await journal().recordRun(runResult('r1', { status: 'failed', error }));

      await journal().recordStart(
        runStart('r1', { definition: changed, workflowFile: 'b.json', startedAt: 9_000 }),
      );

      expect(await journal().run('r1')).toEqual({
        id: 'r1',
        workflowId: 'wf',
        workflowHash: workflowHash(changed),
        workflowFile: 'b.json',
        input: { title: 'Ship it' },
        status: 'running',
        startedAt: 1_000,
        vars: { count: 1 },
        stepsDone: 0,
        ...owner,
        resumes: 1,
        cancelRequested: false,
      });
      await journal().recordStart(runStart('r1'));
      expect(await journal().run('r1')).toMatchObject({ resumes: 2 });
    });

    it('keeps the user a run acts for, gives it to a resume, and never changes it', async () => {
      const error = { code: 'upstream' as const, message: 'boom', retryable: false };
      await journal().recordStart(runStart('alices', { user: 'alice' }));
      await journal().recordStart(runStart('nobodys'));
      await journal().recordRun(runResult('refused', { status: 'failed', error, user: 'bob' }));

      expect(await journal().run('alices')).toMatchObject({ user: 'alice' });
      expect(await journal().history('alices')).toMatchObject({ user: 'alice', run: { user: 'alice' } });
      expect(await journal().run('nobodys')).not.toHaveProperty('user');
      expect(await journal().history('nobodys')).not.toHaveProperty('user');
      expect(await journal().run('refused')).toMatchObject({ user: 'bob' });
      expect((await journal().runs()).map((run) => [run.id, run.user])).toEqual([
        ['refused', 'bob'],
        ['nobodys', undefined],
        ['alices', 'alice'],
      ]);

      // Ended, then started again (a resume) naming another user: the run is still Alice's.
      await journal().recordRun(runResult('alices', { status: 'failed', error, user: 'alice' }));
      await journal().recordStart(runStart('alices', { user: 'mallory', startedAt: 9_000 }));
      expect(await journal().history('alices')).toMatchObject({
        user: 'alice',
        run: { user: 'alice', status: 'running', resumes: 1 },
      });
    });

    it('a failed run whose failing step may have written is outcome_unknown, for an operator', async () => {
      const failed = (runId: string, code: 'upstream' | 'outcome_unknown', steps = [stepTrace('a')]) =>
        journal().recordRun(
          runResult(runId, {
            status: 'failed',
            steps,
            error: { code, message: 'x', step: 'a', retryable: false },
          }),
        );
      await failed('plain', 'upstream');
      await failed('unknown-step', 'upstream', [unknownOutcome('a')]);
      await failed('unknown-code', 'outcome_unknown');

      expect((await journal().run('plain'))?.status).toBe('failed');
      expect((await journal().run('unknown-step'))?.status).toBe('outcome_unknown');
      expect((await journal().run('unknown-code'))?.status).toBe('outcome_unknown');
    });

    it('lists runs newest first by first start, filtered by status and limited', async () => {
      await journal().recordStart(runStart('first'));
      await journal().recordRun(runResult('second', { status: 'failed' }));
      await journal().recordStart(runStart('third'));
      await journal().recordRun(runResult('first'));
      // A resume keeps the run's place.
      await journal().recordStart(runStart('second', { startedAt: 5_000 }));
      const ids = async (query?: Parameters<ReturnType<JournalUnderTest>['runs']>[0]) =>
        (await journal().runs(query)).map((run) => run.id);

      expect(await ids()).toEqual(['third', 'second', 'first']);
      expect(await ids({ limit: 2 })).toEqual(['third', 'second']);
      expect(await ids({ status: ['running'] })).toEqual(['third', 'second']);
      expect(await ids({ status: ['succeeded', 'running'], limit: 2 })).toEqual(['third', 'second']);
      expect(await ids({ status: ['running', 'succeeded'] })).toEqual(['third', 'second', 'first']);
      expect(await ids({ status: ['failed'] })).toEqual([]);
      expect(await ids({ status: [] })).toEqual([]);
      expect(await ids({ limit: 0 })).toEqual([]);
    });

    it('finds the ids starting with what a user typed, at most the limit asked', async () => {
      for (const id of ['4f2a-1', '4f2a-2', '4f3b', 'a4f2']) await journal().recordStart(runStart(id));

      expect((await journal().runIdsStartingWith('4f', 10)).sort()).toEqual(['4f2a-1', '4f2a-2', '4f3b']);
      expect(await journal().runIdsStartingWith('4f3')).toEqual(['4f3b']);
      expect(await journal().runIdsStartingWith('4f2a')).toHaveLength(2);
      expect(await journal().runIdsStartingWith('4f', 1)).toHaveLength(1);
      expect(await journal().runIdsStartingWith('5')).toEqual([]);
    });

    it('once closed, refuses to record', async () => {
      await journal().close();
      await expect(journal().recordStart(runStart('late'))).rejects.toThrow('The run journal is closed');
      await journal().close();
    });
  });
}
