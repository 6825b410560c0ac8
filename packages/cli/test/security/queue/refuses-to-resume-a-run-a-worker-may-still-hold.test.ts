import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { queuedJobState } from '@toolsteps/redis';
import { type RedisServer, startRedisServer } from '@toolsteps/redis/testing';
import { Redis } from 'ioredis';
import { RedisJournal } from '../../../../redis/src/redis-journal.js';
import { QUEUE_KEY_ENV } from '../../../../redis/test/queue/support/queue-key.js';
import { runCliHere } from '../../support/cli-in-process.js';
import { runCli, startCli, TASKS } from '../../support/cli-process.js';
import { useTasksWorld } from '../../support/tasks-world.js';
import { twentyTitles, twentyWrites } from '../../support/twenty-writes.js';

jest.setTimeout(300_000);

const world = useTasksWorld();
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

/** Says, as a worker on another machine would have, that the run is held there. */
async function heldOnAnotherMachine(runId: string): Promise<void> {
  const client = new Redis(redis.port, '127.0.0.1');
  try {
    await client.hset(`toolsteps:run:${runId}`, { owner_host: 'worker-machine-2', owner_pid: '4242' });
  } finally {
    client.disconnect();
  }
}

const tasksOf = (tag: string) =>
  [...world.emulator.tasks.values()].filter((task) => task.title.startsWith(`${tag} #`));
const resume = (runId: string, accounts: string, ...more: string[]) =>
  runCliHere([...TASKS, 'runs', 'resume', runId, '--redis', redis.url, '--accounts', accounts, ...more]);

it('refuses to resume a run whose job a live worker holds, wherever that worker runs; --force goes on once it is gone, taking its job from the queue', async () => {
  const { emulator, temp } = world;
  const accounts = await world.accountsFile();
  const workflow = await temp.write('twenty-writes.json', twentyWrites());
  // A long hold: the lock outlives the worker killed below for the rest of the test.
  const worker = startCli(
    [...TASKS, 'worker', '--redis', redis.url, '--accounts', accounts, '--lock-duration', '5m'],
    { env: QUEUE_KEY_ENV },
  );
  try {
    await worker.waitFor(/^worker ready/m, 'stderr');
    // Slow writes: the run is still going while `runs resume` starts (seconds, on a busy machine).
    emulator.faults.inject({
      method: 'POST',
      path: '/tasks',
      delayMs: 3000,
      times: Number.POSITIVE_INFINITY,
    });
    const queued = await runCli(
      [...TASKS, 'run', workflow, '--input', '{"tag":"held"}', '--redis', redis.url, '--detach'],
      { env: QUEUE_KEY_ENV },
    );
    const runId = queued.stdout.trim();
    await worker.waitFor(new RegExp(`^run ${runId} taken`, 'm'), 'stderr');
    // Its first write reached the emulator: the journal has recorded the worker as the run's holder.
    while (!emulator.requests.some((r) => r.method === 'POST' && r.path === '/tasks'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    // The pid the journal names is not this host's: only the job's lock says a worker holds the run.
    await heldOnAnotherMachine(runId);

    const refused = await resume(runId, accounts);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `toolsteps: Run ${runId} is held by a live worker: its job in queue toolsteps-runs is locked, and that worker renews the lock (process 4242 on host worker-machine-2, as the journal says)`,
    );
    expect(refused.stderr).toContain('--force only if you know that worker is gone');

    worker.child.kill('SIGKILL');
    await worker.exited;
    emulator.faults.clear();
    // The write it had in flight is processed all the same: the resume's probe then finds it.
    while (emulator.requests.some((r) => r.method === 'POST' && r.status === undefined))
      await new Promise((resolve) => setTimeout(resolve, 10));
    const forced = await resume(runId, accounts, '--force');
    expect(forced.code).toBe(0);
    // Its job left the queue: no worker started later takes it and runs the rest again.
    expect(await queuedJobState(redis.url, runId)).toBe('none');
    // Every write once: the worker's, then the resume's, none of them twice.
    expect(
      tasksOf('held')
        .map((task) => task.title)
        .sort(),
    ).toEqual(twentyTitles('held'));
    expect(tasksOf('held').every((task) => task.status === 'done')).toBe(true);
  } finally {
    emulator.faults.clear();
    worker.child.kill('SIGKILL');
    await worker.exited;
  }
});

it('refuses to resume a run the journal says runs on another host; --force goes on', async () => {
  const accounts = await world.accountsFile();
  const file = await world.temp.write('one-write.json', twentyWrites());
  const runId = randomUUID();
  const journal = await RedisJournal.connect(redis.url);
  try {
    const definition = JSON.parse(twentyWrites());
    const start = {
      runId,
      workflowId: definition.id,
      definition,
      workflowFile: file,
      input: { tag: 'elsewhere' },
    };
    await journal.recordStart({ ...start, startedAt: Date.now() });
  } finally {
    await journal.close();
  }
  await heldOnAnotherMachine(runId);

  const refused = await resume(runId, accounts);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain(
    `toolsteps: Run ${runId} is running in process 4242 on host worker-machine-2: this machine cannot tell whether it still lives`,
  );
  expect(refused.stderr).toContain('or --force if that process is gone');
  expect(tasksOf('elsewhere')).toEqual([]);

  const forced = await resume(runId, accounts, '--force');
  expect(forced.code).toBe(0);
  expect(
    tasksOf('elsewhere')
      .map((task) => task.title)
      .sort(),
  ).toEqual(twentyTitles('elsewhere'));
});
