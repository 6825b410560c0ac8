import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type RedisServer, startRedisServer } from '@toolsteps/redis/testing';
import { QUEUE_KEY_ENV } from '../../redis/test/queue/support/queue-key.js';
import { type CliProcess, runCli, startCli, TASKS } from './support/cli-process.js';
import { crashTrials } from './support/crash-trials.js';
import { useTasksWorld } from './support/tasks-world.js';
import { twentyTitles, twentyWrites } from './support/twenty-writes.js';

// Five minutes a trial: generous on a slow shared machine, and `pnpm soak` runs many.
jest.setTimeout(300_000 * crashTrials().length);

const world = useTasksWorld();
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

function startWorker(accounts: string): CliProcess {
  // A short hold, so the run of a worker killed here is taken over within seconds.
  return startCli(
    [...TASKS, 'worker', '--redis', redis.url, '--accounts', accounts, '--lock-duration', '2s'],
    { env: QUEUE_KEY_ENV },
  );
}

it('kill -9 of the worker running a run: another worker resumes it, and every write happens exactly once', async () => {
  // A different point each run of the suite (and each trial of `pnpm soak`): any point must hold.
  for (const trial of crashTrials()) await killTheHolder(`handover${trial}`);
});

async function killTheHolder(tag: string): Promise<void> {
  const { emulator, temp } = world;
  const accounts = await world.accountsFile();
  const workflow = await temp.write('twenty-writes.json', twentyWrites());
  const workers = [startWorker(accounts), startWorker(accounts)];
  try {
    await Promise.all(workers.map((worker) => worker.waitFor(/^worker ready/m, 'stderr')));
    // Writes are slowed so the kill lands mid-run: after a random number of tasks were added.
    emulator.faults.inject({ method: 'POST', path: '/tasks', delayMs: 150, times: Number.POSITIVE_INFINITY });
    const queued = await runCli(
      [...TASKS, 'run', workflow, '--input', JSON.stringify({ tag }), '--redis', redis.url, '--detach'],
      { env: QUEUE_KEY_ENV },
    );
    expect(queued.code).toBe(0);
    const runId = queued.stdout.trim();

    const holder = await Promise.race(
      workers.map((worker) =>
        worker.waitFor(new RegExp(`^run ${runId} taken`, 'm'), 'stderr').then(() => worker),
      ),
    );
    const other = workers.find((worker) => worker !== holder)!;
    const addsBeforeKill = 1 + Math.floor(Math.random() * 9);
    const added = () =>
      emulator.requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === '/tasks' &&
          String((r.body as { title?: string } | undefined)?.title).startsWith(`${tag} #`),
      ).length;
    while (added() < addsBeforeKill) await new Promise((resolve) => setTimeout(resolve, 10));
    holder.child.kill('SIGKILL');
    expect((await holder.exited).signal).toBe('SIGKILL');

    await other.waitFor(new RegExp(`^run ${runId} resumed`, 'm'), 'stderr');
    await other.waitFor(new RegExp(`^run ${runId} succeeded`, 'm'), 'stderr');

    const tasks = [...emulator.tasks.values()].filter((task) => task.title.startsWith(`${tag} #`));
    expect(tasks.map((task) => task.title).sort()).toEqual(twentyTitles(tag));
    expect(tasks.every((task) => task.status === 'done')).toBe(true);
    const created = emulator.requests.filter((r) => r.method === 'POST' && r.status === 201);
    expect(
      created.filter((r) => String((r.body as { title: string }).title).startsWith(`${tag} #`)),
    ).toHaveLength(10);
    const shown = await runCli(['runs', 'show', runId, '--redis', redis.url, '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ status: 'succeeded', resumes: 1 });
  } finally {
    emulator.faults.clear();
    for (const worker of workers) worker.child.kill('SIGINT');
    await Promise.all(workers.map((worker) => worker.exited));
  }
}
