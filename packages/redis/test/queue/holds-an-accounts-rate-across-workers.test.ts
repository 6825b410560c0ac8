import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import { defineIntegration } from '@toolsteps/sdk';
import { Redis } from 'ioredis';
import tasks from '../../../../examples/tasks/src/index.js';
import { createTasksEmulator, type TasksEmulator } from '../../../../examples/tasks/src/testing/index.js';
import { RedisRateLimits } from '../../src/index.js';
import { type RedisServer, startRedisServer } from '../../src/testing/index.js';

jest.setTimeout(120_000);

/** The tasks API with a tight limit: 3 requests per second per account. */
const CAP = 3;
const INTERVAL_MS = 1000;
const limited = defineIntegration({
  ...tasks,
  http: (account) => ({
    ...tasks.http(account),
    rateLimit: { intervalCap: CAP, intervalMs: INTERVAL_MS },
  }),
});

let redis: RedisServer;
let emulator: TasksEmulator;
const clients: Redis[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
  emulator = await createTasksEmulator();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await emulator?.close();
  await redis?.stop();
});

/** An engine as a worker process builds one: its own limiter queues, the account's rate in Redis. */
async function workerEngine() {
  const client = new Redis(redis.port, '127.0.0.1');
  clients.push(client);
  return createEngine({
    integrations: [limited],
    accounts: [emulator.account],
    sharedRateLimits: new RedisRateLimits(client),
  });
}

const LIST_ALL = {
  id: 'list-all',
  steps: [
    {
      id: 'each',
      forEach: {
        items: '{% [1..6] %}',
        as: 'n',
        concurrency: 6,
        steps: [{ id: 'list', step: 'tasks.list_tasks', args: { status: 'open' } }],
      },
    },
  ],
};

it('two engines sharing Redis keep one account within its rate, counted together', async () => {
  const engines = [await workerEngine(), await workerEngine()];
  const seen = emulator.requests.length;
  const results = await Promise.all(engines.map((engine) => engine.run({ text: JSON.stringify(LIST_ALL) })));
  expect(results.map((result) => result.status)).toEqual(['succeeded', 'succeeded']);

  const times = emulator.requests
    .slice(seen)
    .map((request) => request.receivedAt)
    .sort((a, b) => a - b);
  expect(times).toHaveLength(12);
  // 12 requests at 3 per interval need at least 3 full intervals from the first to the last.
  // Each engine alone would take 1, and both at once (each counting its own) as long.
  expect(times[times.length - 1] - times[0]).toBeGreaterThanOrEqual(3 * INTERVAL_MS - 50);
  // No interval, wherever it starts, holds more than the cap (50 ms for the trip to the emulator).
  for (let index = 0; index + CAP < times.length; index++)
    expect(times[index + CAP] - times[index]).toBeGreaterThan(INTERVAL_MS - 50);
});
