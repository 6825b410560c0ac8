import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import tasks from '../../../../examples/tasks/src/index.js';
import { createTasksEmulator, type TasksEmulator } from '../../../../examples/tasks/src/testing/index.js';
import { JOURNAL_KINDS, useFreshJournals } from './fresh-journals.js';

/** Each run lists tasks in two parallel branches, then once per label, three at a time. */
const WORKFLOW = {
  id: 'fan-out',
  steps: [
    {
      id: 'both',
      parallel: [
        [{ id: 'open', step: 'tasks.list_tasks', args: { status: 'open' } }],
        [{ id: 'done', step: 'tasks.list_tasks', args: { status: 'done' } }],
      ],
    },
    {
      id: 'labels',
      forEach: {
        items: ['ops', 'support', 'stale', 'docs', 'none', 'other'],
        as: 'label',
        concurrency: 3,
        steps: [{ id: 'list', step: 'tasks.list_tasks', args: { label: '{% $label %}' } }],
      },
    },
  ],
};

let emulator: TasksEmulator;
beforeAll(async () => {
  emulator = await createTasksEmulator();
});
afterAll(() => emulator.close());

describe.each(JOURNAL_KINDS)('on a %s', (kind) => {
  const openJournal = useFreshJournals(kind);

  it('records every step of runs running at once, each under its own run and step key', async () => {
    const journal = await openJournal();
    try {
      const engine = await createEngine({ integrations: [tasks], accounts: [emulator.account], journal });
      const workflow = await engine.load({ text: JSON.stringify(WORKFLOW) });

      const results = await Promise.all(Array.from({ length: 8 }, () => engine.run(workflow, {})));

      expect(results.map((result) => result.status)).toEqual(Array(8).fill('succeeded'));
      const runs = await journal.runs();
      expect(runs.map((run) => run.id).sort()).toEqual(results.map((result) => result.runId).sort());
      for (const result of results) {
        // both, both's two branches' steps, labels, and one list per label.
        expect(result.steps).toHaveLength(10);
        const steps = await journal.steps(result.runId);
        expect(steps).toHaveLength(result.steps.length);
        for (const step of result.steps) expect(steps).toContainEqual(step);
        expect((await journal.run(result.runId))?.status).toBe('succeeded');
      }
    } finally {
      await journal.close();
    }
  });
});
