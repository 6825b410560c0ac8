import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type RedisServer, startRedisServer } from '../../src/testing/index.js';
import { runCli, TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(120_000);

const PASSWORD = 'redis-pass-4f1c9e';
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer({ password: PASSWORD });
});
afterAll(() => redis?.stop());

it('queues a run on a Redis with a password and never prints the password', async () => {
  const queued = await runCli([
    ...TASKS,
    'run',
    TRIAGE,
    '--input',
    '{"today":"2026-11-21"}',
    '--redis',
    redis.url,
    '--detach',
  ]);
  expect(queued.code).toBe(0);
  expect(queued.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
  expect(queued.stderr).toContain('--redis redis://:***@127.0.0.1:');
  expect(queued.stdout + queued.stderr).not.toContain(PASSWORD);

  const listed = await runCli(['runs', '--redis', redis.url.replace(PASSWORD, 'wrong-password')]);
  expect(listed.code).not.toBe(0);
  expect(listed.stdout + listed.stderr).not.toContain('wrong-password');
});
