import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { RedisQuotas } from '../../src/index.js';
import { engineHttp } from './support/engine-http.js';
import { type InFlightServer, startInFlightServer } from './support/in-flight-server.js';
import { useSharedRedis } from './support/shared-redis.js';

jest.setTimeout(120_000);

const { connection } = useSharedRedis();
let server: InFlightServer;
beforeAll(async () => {
  server = await startInFlightServer(0);
});
afterEach(() => server.reset());
afterAll(() => server?.close());

/** An engine of a worker: the API's reported quotas shared in Redis, or (`own`) kept to itself. */
const worker = (sharing: 'shared' | 'own' = 'shared') =>
  engineHttp(server.baseUrl, {}, sharing === 'shared' ? { sharedQuotas: new RedisQuotas(connection()) } : {});

/** GitHub's way of saying the quota is spent until `resetS` (epoch seconds). */
const spentUntil = (resetS: number) => ({
  'x-ratelimit-remaining': '0',
  'x-ratelimit-reset': String(resetS),
});

describe('once one worker hears a quota is spent, the others hold requests of that account', () => {
  it('waits for the reset: the API sees the other worker’s request only then', async () => {
    const [first, second] = [await worker(), await worker()];
    const resetS = Math.ceil(Date.now() / 1000) + 2;
    server.answerHeaders = spentUntil(resetS);
    await first({ path: '/first', account: 'waits' });
    server.answerHeaders = {};

    await expect(second({ path: '/second', account: 'waits' })).resolves.toMatchObject({ status: 200 });
    const went = await server.arrived('/second');
    expect(went.at).toBeGreaterThanOrEqual(resetS * 1000);
  });

  it('fails rate_limited with the reset time when the reset is further off than the account waits', async () => {
    const [first, second, alone] = [await worker(), await worker(), await worker('own')];
    const resetS = Math.ceil(Date.now() / 1000) + 3600;
    server.answerHeaders = spentUntil(resetS);
    await first({ path: '/first', account: 'far' });

    await expect(second({ path: '/second', account: 'far' })).rejects.toMatchObject({
      code: 'rate_limited',
      retryable: false,
      details: { quota: 'account', resetAt: new Date(resetS * 1000).toISOString() },
    });
    // A worker keeping the quota to itself would have spent a refused call.
    await alone({ path: '/alone', account: 'far' });
    expect(server.arrivals.map((arrival) => arrival.path)).toEqual(['/first', '/alone']);
  });

  it('holds only that account: another account of the same integration goes on', async () => {
    const [first, second] = [await worker(), await worker()];
    server.answerHeaders = spentUntil(Math.ceil(Date.now() / 1000) + 3600);
    await first({ path: '/first', account: 'spent' });
    await expect(second({ path: '/other', account: 'fresh' })).resolves.toMatchObject({ status: 200 });
  });
});

describe('RedisQuotas', () => {
  const quotas = () => new RedisQuotas(connection());
  const key = (quota: string) => ({ integration: 'demo', accountId: 'acct', quota });
  const now = Date.now();
  const later = now + 60_000;
  const evenLater = now + 120_000;

  it('counts requests down atomically, from what the API last reported', async () => {
    const shared = quotas();
    await shared.report(key('countdown'), { remaining: 2, resetAt: later });
    const answers = await Promise.all(Array.from({ length: 5 }, () => shared.take(key('countdown'), now)));
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(2);
    expect(answers.filter((answer) => answer === later)).toHaveLength(3);
  });

  it('keeps the later window when a stale report of an earlier one comes last', async () => {
    const shared = quotas();
    await shared.report(key('stale'), { remaining: 0, resetAt: evenLater });
    await shared.report(key('stale'), { remaining: 100, resetAt: later });
    expect(await shared.take(key('stale'), now)).toBe(evenLater);
  });

  it('keeps the fewer requests left within one window: more left was answered earlier', async () => {
    const shared = quotas();
    await shared.report(key('window'), { remaining: 0, resetAt: later });
    await shared.report(key('window'), { remaining: 5, resetAt: later });
    expect(await shared.take(key('window'), now)).toBe(later);
    await shared.report(key('window'), { remaining: 5, resetAt: evenLater });
    expect(await shared.take(key('window'), now)).toBeUndefined();
  });

  it('counts with whole numbers whatever an API reports: a fraction or a huge count breaks nothing', async () => {
    const shared = quotas();
    await shared.report(key('fraction'), { remaining: 1.5, resetAt: later });
    expect(await shared.take(key('fraction'), now)).toBeUndefined();
    expect(await shared.take(key('fraction'), now)).toBe(later);
    await shared.report(key('huge'), { remaining: 1e21, resetAt: later });
    expect(await shared.take(key('huge'), now)).toBeUndefined();
  });

  it('keeps a reset reported far off (milliseconds sent as seconds) no longer than a day', async () => {
    const shared = quotas();
    const yearsAway = Date.now() * 1000;
    await shared.report(key('far'), { remaining: 0, resetAt: yearsAway });
    const held = await shared.take(key('far'), Date.now());
    expect(held).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect(held).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    // A real report of a sooner window is not shut out for years.
    const soon = Date.now() + 30 * 3600 * 1000;
    await shared.report(key('far'), { remaining: 10, resetAt: soon });
    expect(await shared.take(key('far'), Date.now())).toBeUndefined();
  });

  it('lets requests go once the reset passed, and knows nothing of a quota never reported', async () => {
    const shared = quotas();
    await shared.report(key('passed'), { remaining: 0, resetAt: later });
    expect(await shared.take(key('passed'), later)).toBeUndefined();
    expect(await shared.take(key('unknown'), now)).toBeUndefined();
  });
});
