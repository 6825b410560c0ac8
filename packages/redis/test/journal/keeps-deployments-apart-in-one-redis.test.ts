import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { runResult, runStart, sentWrite, stepTrace } from '../../../engine/test/journal/journal-records.js';
import { RedisJournal } from '../../src/redis-journal.js';
import { DEFAULT_REDIS_JOURNAL_PREFIX } from '../../src/redis-keys.js';
import { type RedisServer, startRedisServer } from '../../src/testing/redis-server.js';

let server: RedisServer;
let redis: Redis;
beforeAll(async () => {
  server = await startRedisServer();
  redis = new Redis(server.url);
});
afterAll(async () => {
  await redis.quit();
  await server.stop();
});

/** Records a whole run, every kind of key included. */
async function recordRun(journal: RedisJournal, runId: string) {
  await journal.recordStart(runStart(runId));
  await journal.recordStep(runId, stepTrace('a'));
  await journal.recordSend(runId, sentWrite('b'));
  await journal.recordRun(runResult(runId));
}

it('journals of two deployments share a Redis, each under its prefix, the default toolsteps:', async () => {
  await redis.flushall();
  const ours = await RedisJournal.connect(server.url);
  // A worker's journal on a connection it shares (with BullMQ): closing the journal leaves it open.
  const theirs = RedisJournal.withClient(redis, { prefix: 'staging:' });
  await recordRun(ours, 'run-1');
  await recordRun(theirs, 'run-2');

  expect((await ours.runs()).map((run) => run.id)).toEqual(['run-1']);
  expect((await theirs.runs()).map((run) => run.id)).toEqual(['run-2']);
  expect(await ours.run('run-2')).toBeUndefined();
  expect(await ours.runIdsStartingWith('run')).toEqual(['run-1']);
  const keys = await redis.keys('*');
  expect(keys.filter((key) => key.startsWith(DEFAULT_REDIS_JOURNAL_PREFIX)).length).toBeGreaterThan(4);
  expect(keys.every((key) => key.startsWith('toolsteps:') || key.startsWith('staging:'))).toBe(true);

  await theirs.close();
  expect(await redis.ping()).toBe('PONG');
  await ours.close();
  expect(await ours.prune(Date.now()).catch((error: Error) => error.message)).toBe(
    'The run journal is closed',
  );
});

it('pruning a run leaves no key of it behind', async () => {
  await redis.flushall();
  const journal = RedisJournal.withClient(redis, { prefix: 'p:' });
  await recordRun(journal, 'gone');
  await journal.recordStart(runStart('kept'));
  const before = await redis.keys('p:*');

  expect(await journal.prune(Date.now())).toBe(1);

  const after = await redis.keys('p:*');
  expect(before.filter((key) => key.endsWith(':gone'))).toHaveLength(4);
  expect(after.filter((key) => key.includes('gone'))).toEqual([]);
  expect(await redis.zrange('p:index:ids', 0, -1)).toEqual(['kept']);
});
