import { describe, expect, it } from '@jest/globals';
import tasks from '../../../../examples/tasks/src/index.js';
import { createTasksEmulator } from '../../../../examples/tasks/src/testing/index.js';
import { createEngine } from '../../src/container/create-engine.js';
import { MemoryJournal } from '../../src/journal/index.js';
import type { RunResult, StepTrace } from '../../src/ports/events.js';

function trace(id: string): StepTrace {
  return {
    stepKey: id,
    id,
    step: 'github.get_issue',
    status: 'succeeded',
    attempts: 1,
    startedAt: 0,
    durationMs: 3,
  };
}

function result(runId: string, steps: StepTrace[] = []): RunResult {
  return { runId, workflowId: 'wf', status: 'succeeded', vars: {}, steps, startedAt: 0, durationMs: 5 };
}

describe('MemoryJournal', () => {
  it('keeps the step traces of each run in the order they were recorded', async () => {
    const journal = new MemoryJournal();
    await journal.recordStep('run-1', trace('a'));
    await journal.recordStep('run-2', trace('x'));
    await journal.recordStep('run-1', trace('b'));
    expect(journal.steps('run-1').map((step) => step.id)).toEqual(['a', 'b']);
    expect(journal.steps('run-2').map((step) => step.id)).toEqual(['x']);
    expect(journal.steps('unknown')).toEqual([]);
  });

  it('lists finished runs oldest first and finds one by id', async () => {
    const journal = new MemoryJournal();
    await journal.recordStep('run-1', trace('a'));
    await journal.recordRun(result('run-1', [trace('a')]));
    await journal.recordStep('run-2', trace('b'));
    await journal.recordRun(result('run-3'));
    expect(journal.runs().map((run) => run.runId)).toEqual(['run-1', 'run-3']);
    expect(journal.runIds()).toEqual(['run-1', 'run-2', 'run-3']);
    expect(journal.run('run-1')?.steps).toHaveLength(1);
    expect(journal.run('run-2')).toBeUndefined();
  });

  it('returns arrays the caller may change without changing the journal', async () => {
    const journal = new MemoryJournal();
    await journal.recordStep('run-1', trace('a'));
    journal.steps('run-1').push(trace('intruder'));
    expect(journal.steps('run-1')).toHaveLength(1);
  });

  it('keeps only the most recent runs', async () => {
    const journal = new MemoryJournal({ maxRuns: 3 });
    for (let i = 1; i <= 5; i++) {
      await journal.recordStep(`run-${i}`, trace('a'));
      await journal.recordRun(result(`run-${i}`));
    }
    expect(journal.runIds()).toEqual(['run-3', 'run-4', 'run-5']);
    expect(journal.steps('run-1')).toEqual([]);
    await journal.recordStep('run-5', trace('late'));
    expect(journal.runIds()).toEqual(['run-3', 'run-4', 'run-5']);
  });

  it('keeps 100 runs by default', async () => {
    const journal = new MemoryJournal();
    for (let i = 0; i < 105; i++) await journal.recordRun(result(`run-${i}`));
    expect(journal.runs()).toHaveLength(100);
    expect(journal.runs()[0].runId).toBe('run-5');
  });

  it('keeps the user each run acted for, with its result', async () => {
    const emulator = await createTasksEmulator();
    try {
      const journal = new MemoryJournal();
      const accounts = ['alice', undefined].map((user) => ({ ...emulator.account, user }));
      const engine = await createEngine({ integrations: [tasks], accounts, journal });
      const open = { id: 'open', step: 'tasks.list_tasks', account: emulator.account.id, args: {} };
      const workflow = await engine.load({ text: JSON.stringify({ id: 'list', steps: [open] }) });

      const alices = await engine.run(workflow, {}, { user: 'alice' });
      const nobodys = await engine.run(workflow, {});

      expect(journal.run(alices.runId)).toMatchObject({ status: 'succeeded', user: 'alice' });
      expect(journal.run(nobodys.runId)).toMatchObject({ status: 'succeeded' });
      expect(journal.run(nobodys.runId)).not.toHaveProperty('user');
    } finally {
      await emulator.close();
    }
  });

  it('refuses a bound that is not a whole number of at least 1', () => {
    expect(() => new MemoryJournal({ maxRuns: 0 })).toThrow(
      'MemoryJournal maxRuns must be a whole number of at least 1, got 0',
    );
    expect(() => new MemoryJournal({ maxRuns: 2.5 })).toThrow(RangeError);
  });
});
