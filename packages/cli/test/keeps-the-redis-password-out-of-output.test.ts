import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type RedisServer, startRedisServer } from '@toolsteps/redis/testing';
import { QUEUE_KEY, QUEUE_KEY_ENV } from '../../redis/test/queue/support/queue-key.js';
import { runCliHere } from './support/cli-in-process.js';
import { runCli, TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(120_000);

const PASSWORD = 'redis-pass-4f1c9e';
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer({ password: PASSWORD });
});
afterAll(() => redis?.stop());

it('queues a run on a Redis with a password and never prints the password', async () => {
  const queued = await runCli(
    [...TASKS, 'run', TRIAGE, '--input', '{"today":"2026-11-21"}', '--redis', redis.url, '--detach'],
    { env: QUEUE_KEY_ENV },
  );
  expect(queued.code).toBe(0);
  expect(queued.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
  expect(queued.stderr).toContain('--redis redis://:***@127.0.0.1:');
  // Given on the command line, the password is in `ps` for a while: one warning says so.
  expect(queued.stderr.match(/warning: the Redis password is on the command line/g)).toHaveLength(1);
  expect(queued.stdout + queued.stderr).not.toContain(PASSWORD);
  expect(queued.stdout + queued.stderr).not.toContain(QUEUE_KEY);

  const listed = await runCliHere(['runs', '--redis', redis.url.replace(PASSWORD, 'wrong-password')]);
  expect(listed.code).not.toBe(0);
  expect(listed.stdout + listed.stderr).not.toContain('wrong-password');
});
