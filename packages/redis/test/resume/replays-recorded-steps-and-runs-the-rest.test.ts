import { describe, expect, it } from '@jest/globals';
import { JOURNAL_KINDS } from '../journal/fresh-journals.js';
import { useResumeWorld } from './resume-world.js';

const PLAN_WEEK = {
  id: 'plan-week',
  steps: [
    { id: 'first', step: 'tasks.add_task', args: { title: 'Plan the week' } },
    {
      id: 'open',
      step: 'tasks.list_tasks',
      args: { status: 'open' },
      assign: { openCount: '{% $result.count %}' },
    },
    {
      id: 'each',
      forEach: {
        items: '{% [$steps.open.result.tasks["stale" in labels]] %}',
        as: 't',
        steps: [{ id: 'close', step: 'tasks.complete_task', args: { id: '{% $t.id %}' } }],
      },
    },
    {
      id: 'last',
      step: 'tasks.add_task',
      args: { title: '{% "Review " & $string($openCount) & " tasks" %}' },
    },
  ],
  output: '{% { "first": $steps.first.result.id, "last": $steps.last.result.title } %}',
};

describe.each(JOURNAL_KINDS)('on a %s', (kind) => {
  const world = useResumeWorld(kind);
  const planWeek = () => world.engine.load({ text: JSON.stringify(PLAN_WEEK) });

  /** Runs the workflow and stops it, as Ctrl-C would, once `stepKey` succeeded. */
  async function interruptedAfter(stepKey: string) {
    const workflow = await planWeek();
    const controller = new AbortController();
    const interrupted = await world.engine.run(
      workflow,
      {},
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'step.succeeded' && event.stepKey === stepKey) controller.abort();
        },
      },
    );
    return { workflow, interrupted };
  }

  it('a run interrupted between steps resumes where it stopped: recorded steps are replayed, not sent again', async () => {
    const { engine, journal, emulator } = world;
    const { workflow, interrupted } = await interruptedAfter('each');
    expect(interrupted.status).toBe('cancelled');
    expect((await journal.run(interrupted.runId))?.status).toBe('cancelled');
    const sentBefore = emulator.requests.length;

    const resumed = await engine.resume(interrupted.runId, { workflow });

    expect(resumed).toMatchObject({ runId: interrupted.runId, status: 'succeeded' });
    // Only the step that had not run went out: one POST, nothing listed or completed again.
    const sentAfter = emulator.requests.slice(sentBefore);
    expect(sentAfter.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /tasks']);
    expect(resumed.output).toEqual({ first: 6, last: 'Review 5 tasks' });
    expect(resumed.vars).toEqual({ openCount: 5 });
    expect(resumed.steps.map((step) => [step.stepKey, step.replayed ?? 'ran'])).toEqual([
      ['first', 'recorded'],
      ['open', 'recorded'],
      ['each', 'ran'],
      ['each[0].close', 'recorded'],
      ['each[1].close', 'recorded'],
      ['last', 'ran'],
    ]);
    expect([...emulator.tasks.values()].filter((task) => task.title === 'Plan the week')).toHaveLength(1);
    expect(await journal.run(interrupted.runId)).toMatchObject({ status: 'succeeded', resumes: 1 });
  });

  it('a resumed run reads as an uninterrupted one: same output, variables and step results', async () => {
    const { engine } = world;
    const { workflow, interrupted } = await interruptedAfter('open');
    const resumed = await engine.resume(interrupted.runId, { workflow });
    expect(resumed.status).toBe('succeeded');
    expect(resumed.steps.map((step) => step.stepKey)).toEqual([
      'first',
      'open',
      'each',
      'each[0].close',
      'each[1].close',
      'last',
    ]);
    expect(resumed.steps.find((step) => step.stepKey === 'each[1].close')?.result).toMatchObject({
      id: 4,
      status: 'done',
    });
  });
});
