import { randomBytes } from 'node:crypto';
import { chmod } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type RedisServer, startRedisServer } from '@toolsteps/redis/testing';
import { Redis } from 'ioredis';
import { runCliHere } from '../../support/cli-in-process.js';
import { runCli, startCli, TASKS, TRIAGE } from '../../support/cli-process.js';
import { useTasksWorld } from '../../support/tasks-world.js';

jest.setTimeout(300_000);

const world = useTasksWorld();
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

const NO_KEY = { TOOLSTEPS_QUEUE_KEY: undefined };
const HOW_TO =
  'set TOOLSTEPS_QUEUE_KEY or give --queue-key-file <file>, the same key for every worker and everything that queues runs. ' +
  'Create one with `openssl rand -base64 32 > queue.key && chmod 600 queue.key`';

/** Whatever BullMQ keeps in the Redis: nothing, when nothing was queued. */
async function queueKeys(): Promise<string[]> {
  const client = new Redis(redis.port, '127.0.0.1');
  try {
    return await client.keys('bull:*');
  } finally {
    client.disconnect();
  }
}

it('worker, run --redis and serve --redis refuse to start without the key, saying how to make one', async () => {
  const accounts = await world.accountsFile();
  const worker = await runCli([...TASKS, 'worker', '--redis', redis.url, '--accounts', accounts], {
    env: NO_KEY,
  });
  expect({ code: worker.code, stderr: worker.stderr }).toEqual({
    code: 2,
    stderr: `toolsteps: worker needs the queue key, which signs queued runs (workers run no other job): ${HOW_TO}\n`,
  });

  const queued = await runCli(
    [...TASKS, 'run', TRIAGE, '--input', '{"today":"2026-11-21"}', '--redis', redis.url, '--detach'],
    { env: NO_KEY },
  );
  expect(queued.code).toBe(2);
  expect(queued.stderr).toBe(
    `toolsteps: run --redis needs the queue key, which signs queued runs (workers run no other job): ${HOW_TO}\n`,
  );
  expect(await queueKeys()).toEqual([]);

  // Before any binding is loaded or registered.
  const bindings = world.temp.path('bindings');
  const served = await runCli(
    [...TASKS, 'serve', bindings, '--accounts', accounts, '--port', '0', '--redis', redis.url],
    { env: NO_KEY },
  );
  expect(served.code).toBe(2);
  expect(served.stderr).toContain(`toolsteps: serve --redis needs the queue key`);
});

it('a key too short to resist guessing is refused, and a key file others can read is warned about; no key is ever shown', async () => {
  const accounts = await world.accountsFile();
  await chmod(accounts, 0o600);
  const short = await runCli([...TASKS, 'worker', '--redis', redis.url, '--accounts', accounts], {
    env: { TOOLSTEPS_QUEUE_KEY: 'tiny-key-9' },
  });
  expect(short.code).toBe(2);
  expect(short.stderr).toBe(
    'toolsteps: TOOLSTEPS_QUEUE_KEY: The queue key is 10 bytes long: it needs 32 to 1024 (random ones: `openssl rand -base64 32` prints a good key)\n',
  );

  const key = randomBytes(32).toString('base64');
  const file = await world.temp.write('queue.key', `${key}\n`);
  await chmod(file, 0o644);
  const worker = startCli(
    [...TASKS, 'worker', '--redis', redis.url, '--queue-key-file', file, '--accounts', accounts],
    { env: NO_KEY },
  );
  await worker.waitFor(/^worker ready/m, 'stderr');
  worker.child.kill('SIGINT');
  const ended = await worker.exited;
  expect(ended.code).toBe(0);
  expect(ended.stderr).toContain(
    `toolsteps: warning: other users can read or replace the queue key file ${file} (mode 644): ` +
      `whoever holds the key and can write to the Redis runs workflows with every account of the workers. Run \`chmod 600 ${file}\``,
  );
  expect(ended.stdout + ended.stderr).not.toContain(key);

  // Never an argument, which `ps` shows to every user.
  const onTheLine = await runCliHere([
    ...TASKS,
    'worker',
    '--redis',
    redis.url,
    '--accounts',
    accounts,
    '--queue-key',
    key,
  ]);
  expect(onTheLine.code).toBe(2);
  expect(onTheLine.stderr).toContain("error: unknown option '--queue-key'");
  expect(onTheLine.stdout + onTheLine.stderr).not.toContain(key);
});
