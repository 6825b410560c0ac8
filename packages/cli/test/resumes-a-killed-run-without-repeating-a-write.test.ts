import { expect, it, jest } from '@jest/globals';
import { runCli, startCli, TASKS } from './support/cli-process.js';
import { crashTrials } from './support/crash-trials.js';
import { useTasksWorld } from './support/tasks-world.js';
import { twentyTitles, twentyWrites } from './support/twenty-writes.js';

// Five minutes a trial: generous on a slow shared machine, and `pnpm soak` runs many.
jest.setTimeout(300_000 * crashTrials().length);

const world = useTasksWorld();

interface Crash {
  tag: string;
  /** Kill once this step's success is printed. */
  afterStep?: string;
  /** Or kill while the first task's POST hangs: processed (its answer lost) or never processed. */
  hangingAdd?: { processed: boolean };
}

/**
 * Runs the workflow, kills it with SIGKILL at the crash point, resumes it with `runs resume`, and
 * checks with the emulator's own state and request log that every write happened exactly once.
 */
async function crashAndResume(crash: Crash) {
  const { emulator, temp } = world;
  const accounts = await world.accountsFile();
  const workflow = await temp.write('twenty-writes.json', twentyWrites());
  const journal = temp.path('runs.sqlite');
  const common = [...TASKS];
  const seen = emulator.requests.length;
  if (crash.hangingAdd) {
    emulator.faults.inject({
      method: 'POST',
      path: '/tasks',
      delayMs: 60_000,
      drop: true,
      afterProcessing: crash.hangingAdd.processed,
    });
  }
  const cli = startCli([
    ...common,
    'run',
    workflow,
    '--input',
    JSON.stringify({ tag: crash.tag }),
    '--accounts',
    accounts,
    '--journal',
    journal,
  ]);
  const [, runId] = await cli.waitFor(/^run ([0-9a-f-]{36}) of twenty-writes started$/m, 'stderr');
  if (crash.afterStep) await cli.waitFor(new RegExp(`^step ${crash.afterStep} succeeded`, 'm'), 'stderr');
  else
    await waitUntil(() =>
      emulator.requests.slice(seen).some((r) => r.method === 'POST' && r.fault !== undefined),
    );
  cli.child.kill('SIGKILL');
  expect((await cli.exited).signal).toBe('SIGKILL');
  emulator.faults.clear();

  const resumed = await runCli([
    ...common,
    'runs',
    'resume',
    runId.slice(0, 8),
    '--accounts',
    accounts,
    '--journal',
    journal,
  ]);
  expect(resumed.stderr).toMatch(new RegExp(`^run ${runId} of twenty-writes resumed`, 'm'));
  expect(resumed.code).toBe(0);

  const tasks = [...emulator.tasks.values()].filter((task) => task.title.startsWith(`${crash.tag} #`));
  expect(tasks.map((task) => task.title).sort()).toEqual(twentyTitles(crash.tag));
  expect(tasks.every((task) => task.status === 'done')).toBe(true);
  // The request log: each task was created by exactly one processed POST.
  const created = emulator.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.status === 201 &&
      String((r.body as { title: string }).title).startsWith(`${crash.tag} #`),
  );
  expect(created).toHaveLength(10);
  const shown = await runCli(['runs', 'show', runId, '--journal', journal, '--json']);
  expect(JSON.parse(shown.stdout)).toMatchObject({ status: 'succeeded', resumes: 1 });
}

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

it('kill -9 after a random step, then runs resume: every write happened exactly once', async () => {
  // A different point each run of the suite (and each trial of `pnpm soak`): any point must hold.
  for (const trial of crashTrials()) {
    const step = 1 + Math.floor(Math.random() * 19);
    const key = step % 2 === 1 ? `add${(step + 1) / 2}` : `complete${step / 2}`;
    await crashAndResume({ tag: `trial${trial}-after-${key}`, afterStep: key });
  }
});

it('kill -9 while a write was processed but not answered: the probe finds it, it is not repeated', async () => {
  await crashAndResume({ tag: 'processed', hangingAdd: { processed: true } });
});

it('kill -9 while a write had not been processed: the probe does not find it, it is sent once', async () => {
  await crashAndResume({ tag: 'unprocessed', hangingAdd: { processed: false } });
});
