import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { RedisRefreshLock } from '../../src/redis-refresh-lock.js';
import { type RedisServer, startRedisServer } from '../../src/testing/redis-server.js';

jest.setTimeout(60_000);

let redis: RedisServer;
let client: Redis;
beforeAll(async () => {
  redis = await startRedisServer();
  client = new Redis(redis.port, '127.0.0.1');
});
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

const never = () => new AbortController().signal;

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

it('a second holder of the same key waits until the first releases it', async () => {
  const lock = new RedisRefreshLock(client);
  const other = new RedisRefreshLock(client);
  const order: string[] = [];
  const firstHolds = gate();
  const firstMayEnd = gate();
  const first = lock.hold(
    'demo:acct-1',
    async () => {
      order.push('first in');
      firstHolds.open();
      await firstMayEnd.opened;
      order.push('first out');
    },
    never(),
  );
  await firstHolds.opened;
  const second = other.hold('demo:acct-1', async () => order.push('second in'), never());
  // The second asks Redis a few times while the first still holds the lock.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(order).toEqual(['first in']);
  firstMayEnd.open();
  await Promise.all([first, second]);
  expect(order).toEqual(['first in', 'first out', 'second in']);
  expect(await client.exists('toolsteps:refresh:demo:acct-1')).toBe(0);
});

it('another key is not held up', async () => {
  const lock = new RedisRefreshLock(client);
  const firstMayEnd = gate();
  const first = lock.hold('demo:acct-1', () => firstMayEnd.opened, never());
  await expect(lock.hold('demo:acct-2', async () => 'done', never())).resolves.toBe('done');
  firstMayEnd.open();
  await first;
});

it('releases only its own lock: a holder whose lock expired leaves the next one in place', async () => {
  const lock = new RedisRefreshLock(client, { ttlMs: 30 });
  const key = 'toolsteps:refresh:demo:expired';
  await lock.hold(
    'demo:expired',
    async () => {
      // The lock expired and another process took it; renewal is every ttl/3, so stop it winning.
      await client.set(key, 'someone-else', 'PX', 60_000);
    },
    never(),
  );
  expect(await client.get(key)).toBe('someone-else');
  await client.del(key);
});

it('an aborted wait rejects, and the holder keeps the lock', async () => {
  const key = 'toolsteps:refresh:demo:held';
  await client.set(key, 'someone-else', 'PX', 60_000);
  const controller = new AbortController();
  const work = jest.fn(async () => 'ran');
  const waiting = new RedisRefreshLock(client).hold('demo:held', work, controller.signal);
  controller.abort();
  await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
  expect(work).not.toHaveBeenCalled();
  expect(await client.get(key)).toBe('someone-else');
  await client.del(key);
});

it('gives up with a clear error after the longest wait', async () => {
  const key = 'toolsteps:refresh:demo:stuck';
  await client.set(key, 'someone-else', 'PX', 60_000);
  const lock = new RedisRefreshLock(client, { maxWaitMs: 50 });
  await expect(lock.hold('demo:stuck', async () => 'ran', never())).rejects.toMatchObject({
    code: 'unavailable',
    message: expect.stringContaining('Another worker has been refreshing'),
  });
  await client.del(key);
});

it('the lock is free again after the work fails', async () => {
  const lock = new RedisRefreshLock(client);
  await expect(
    lock.hold('demo:fails', () => Promise.reject(new Error('token endpoint down')), never()),
  ).rejects.toThrow('token endpoint down');
  expect(await client.exists('toolsteps:refresh:demo:fails')).toBe(0);
});
