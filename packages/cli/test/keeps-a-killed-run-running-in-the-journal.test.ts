import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, jest } from '@jest/globals';
import { SqliteJournal } from '@toolsteps/sqlite';
import { startCli, TASKS, TRIAGE } from './support/cli-process.js';
import { useTasksWorld } from './support/tasks-world.js';

jest.setTimeout(240_000);

const world = useTasksWorld();

it('after kill -9 mid-run, the run is still `running` with the steps it completed recorded', async () => {
  const { emulator, temp } = world;
  const accounts = await world.accountsFile();
  // The second task's completion never answers in time: the run hangs there, one close done.
  emulator.faults.inject({ method: 'PUT', path: '/tasks/4/completion', delayMs: 120_000 });
  const path = temp.path('runs.sqlite');
  const cli = startCli([
    ...TASKS,
    'run',
    TRIAGE,
    '--input',
    '{"today":"2026-11-21"}',
    '--accounts',
    accounts,
    '--journal',
    path,
  ]);
  const [, runId] = await cli.waitFor(/^run ([0-9a-f-]{36}) of triage-stale-tasks started$/m, 'stderr');
  await cli.waitFor(/^step closed\[0\]\.close succeeded/m, 'stderr');

  const journal = SqliteJournal.open(path);
  try {
    // The progress line may come before the commit: wait for the record itself.
    while (!(await journal.steps(runId)).some((step) => step.stepKey === 'closed[0].close')) await sleep(50);
    cli.child.kill('SIGKILL');
    expect((await cli.exited).signal).toBe('SIGKILL');

    expect(await journal.run(runId)).toMatchObject({
      status: 'running',
      input: { today: '2026-11-21' },
      workflowHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      stepsDone: 2,
    });
    const steps = await journal.steps(runId);
    expect(steps.map(({ stepKey, status }) => ({ stepKey, status }))).toEqual([
      { stepKey: 'found', status: 'succeeded' },
      { stepKey: 'closed[0].close', status: 'succeeded' },
    ]);
    expect(steps[1].result).toMatchObject({ id: 2, status: 'done' });
  } finally {
    await journal.close();
  }
});
