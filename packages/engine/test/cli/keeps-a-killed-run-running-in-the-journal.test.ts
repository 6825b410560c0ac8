import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import {
  createTasksEmulator,
  DEMO_TOKEN,
  type TasksEmulator,
} from '../../../../examples/tasks/src/emulator.js';
import { SqliteJournal } from '../../src/journal/index.js';
import { startCli, TASKS, TRIAGE } from './support/cli-process.js';
import { type TempFiles, tempFiles } from './support/temp-files.js';

jest.setTimeout(240_000);

let emulator: TasksEmulator;
let temp: TempFiles;
beforeAll(async () => {
  emulator = await createTasksEmulator();
  temp = await tempFiles();
});
afterAll(async () => {
  await emulator.close();
  await temp.remove();
});

it('after kill -9 mid-run, the run is still `running` with the steps it completed recorded', async () => {
  const accounts = await temp.write(
    'accounts.json',
    JSON.stringify({
      accounts: [
        {
          id: 'tasks-main',
          integration: 'tasks',
          name: 'main',
          settings: { baseUrl: emulator.baseUrl },
          credentials: { token: DEMO_TOKEN },
        },
      ],
    }),
  );
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
