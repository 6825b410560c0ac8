import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { StepError } from '@toolsteps/sdk';
import { RedisConcurrency, type RedisConcurrencyOptions } from '../../src/index.js';
import { engineHttp } from './support/engine-http.js';
import { type InFlightServer, startInFlightServer } from './support/in-flight-server.js';
import { useSharedRedis } from './support/shared-redis.js';

jest.setTimeout(120_000);

/** Each answer is held this long, so requests sent together overlap at the server. */
const HOLD_MS = 300;

const { connection } = useSharedRedis();
let server: InFlightServer;
beforeAll(async () => {
  server = await startInFlightServer(HOLD_MS);
});
afterEach(() => server.reset());
afterAll(() => server?.close());

const sharedCaps = (options?: RedisConcurrencyOptions) => ({
  sharedConcurrency: new RedisConcurrency(connection(), options),
});

const times = <T>(count: number, each: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, index) => each(index));

describe('an account with concurrency 2, used by two engines', () => {
  const rateLimit = { concurrency: 2 };

  it('never has more than 2 requests in flight at the API when the engines share Redis', async () => {
    const engines = [
      await engineHttp(server.baseUrl, rateLimit, sharedCaps()),
      await engineHttp(server.baseUrl, rateLimit, sharedCaps()),
    ];
    await Promise.all(
      engines.flatMap((send) => times(5, (n) => send({ path: `/items/${n}`, account: 'shared-reads' }))),
    );
    expect(server.arrivals).toHaveLength(10);
    expect(server.peak.all).toBeLessThanOrEqual(2);
  });

  it('has up to 4 in flight when each engine caps only its own', async () => {
    const engines = [
      await engineHttp(server.baseUrl, rateLimit),
      await engineHttp(server.baseUrl, rateLimit),
    ];
    await Promise.all(
      engines.flatMap((send) => times(5, (n) => send({ path: `/items/${n}`, account: 'own-reads' }))),
    );
    expect(server.peak.all).toBeGreaterThan(2);
  });
});

describe('an account with writeConcurrency 1, used by two engines', () => {
  const rateLimit = { concurrency: 4, writeConcurrency: 1 };
  const writes = (send: Awaited<ReturnType<typeof engineHttp>>, account: string) =>
    times(3, (n) => send({ path: `/items/${n}`, account, effect: 'write' }));

  it('writes one at a time across both when they share Redis', async () => {
    const engines = [
      await engineHttp(server.baseUrl, rateLimit, sharedCaps()),
      await engineHttp(server.baseUrl, rateLimit, sharedCaps()),
    ];
    await Promise.all(engines.flatMap((send) => writes(send, 'shared-writes')));
    expect(server.arrivals).toHaveLength(6);
    expect(server.peak.writes).toBe(1);
  });

  it('writes two at once when each caps only its own', async () => {
    const engines = [
      await engineHttp(server.baseUrl, rateLimit),
      await engineHttp(server.baseUrl, rateLimit),
    ];
    await Promise.all(engines.flatMap((send) => writes(send, 'own-writes')));
    expect(server.peak.writes).toBeGreaterThan(1);
  });
});

describe('a slot of an account with concurrency 1', () => {
  const rateLimit = { concurrency: 1 };

  it('held by a worker that died frees after the lock timeout, without its release', async () => {
    const lockTimeoutMs = 1_500;
    const dying = connection();
    const first = await engineHttp(server.baseUrl, rateLimit, {
      sharedConcurrency: new RedisConcurrency(dying, { lockTimeoutMs }),
    });
    const second = await engineHttp(server.baseUrl, rateLimit, sharedCaps({ lockTimeoutMs }));
    const asked = Date.now();
    const stuck = first({ path: '/held/first', account: 'dies' }).catch(() => undefined);
    await server.arrived('/held/first');
    // The first worker is gone: nothing renews its slot any more, nor gives it back.
    dying.disconnect();

    await expect(second({ path: '/items/second', account: 'dies' })).resolves.toMatchObject({ status: 200 });
    const went = await server.arrived('/items/second');
    // The first request is still held at the API: only the lock timeout let the second one go.
    expect(went.at - asked).toBeGreaterThanOrEqual(lockTimeoutMs);
    server.releaseHeld();
    await stuck;
  });

  it('is not taken by a request cancelled while it waited, and is free once the holder is done', async () => {
    const inspect = connection();
    const holder = await engineHttp(server.baseUrl, rateLimit, sharedCaps());
    const waiter = await engineHttp(server.baseUrl, rateLimit, sharedCaps());
    const holding = holder({ path: '/held/holder', account: 'cancels' });
    await server.arrived('/held/holder');

    const cancel = new AbortController();
    const waiting = waiter({ path: '/items/cancelled', account: 'cancels', signal: cancel.signal });
    // Long enough for the waiter to be asking Redis for the slot, not still queued in its engine.
    await new Promise((resolve) => setTimeout(resolve, 200));
    cancel.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' } satisfies Partial<StepError>);

    server.releaseHeld();
    await expect(holding).resolves.toMatchObject({ status: 200 });
    await expect(waiter({ path: '/items/after', account: 'cancels' })).resolves.toMatchObject({
      status: 200,
    });
    expect(server.arrivals.map((arrival) => arrival.path)).toEqual(['/held/holder', '/items/after']);
    // No holder is left in Redis: the sorted set of the account's slots is gone once empty.
    expect((await inspect.keys('*')).filter((key) => key.includes(':cancels'))).toEqual([]);
  });
});
