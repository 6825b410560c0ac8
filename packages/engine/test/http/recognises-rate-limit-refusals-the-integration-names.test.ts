import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';

// Like GitHub's secondary limit: a 403 whose only sign of a rate limit is its message.
const SECONDARY = { message: 'You have exceeded a secondary rate limit.' };

describe("an integration's rateLimitRefusal turns a look-alike answer into rate_limited", () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({ routes: (app) => app.get('/items', (c) => c.json([{ id: 1 }])) });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const fixtureWith = (maxRetryDelayMs: number) =>
    httpFixture({
      baseUrl: emulator.baseUrl,
      binding: {
        maxRetryDelayMs,
        rateLimitRefusal: ({ status, body }) =>
          status === 403 && /secondary rate limit/.test(String((body as { message?: string })?.message))
            ? { minWaitMs: 60_000 }
            : undefined,
      },
    });

  it('waits the least wait it names, then succeeds', async () => {
    emulator.faults.inject({ path: '/items', status: 403, body: SECONDARY });
    const fixture = fixtureWith(60_000);
    await expect(fixture.client().get('/items')).resolves.toMatchObject({ status: 200 });
    expect(fixture.clock.sleeps).toEqual([60_000]);
  });

  it('prefers the Retry-After the answer carries', async () => {
    emulator.faults.inject({ path: '/items', status: 403, body: SECONDARY, headers: { 'retry-after': '7' } });
    const fixture = fixtureWith(60_000);
    await fixture.client().get('/items');
    expect(fixture.clock.sleeps).toEqual([7_000]);
  });

  it('fails rate_limited, with when to retry, when the wait is longer than the account allows', async () => {
    emulator.faults.inject({ path: '/items', status: 403, body: SECONDARY });
    const fixture = fixtureWith(5_000);
    const error = await failure(fixture.client().get('/items'));
    expect(error).toMatchObject({ code: 'rate_limited', status: 403, retryAfterMs: 60_000 });
    expect(error.details).toMatchObject({ retryAt: '2030-01-01T00:01:00.000Z' });
    expect(emulator.requests).toHaveLength(1);
  });

  it('leaves any other 403 forbidden: a refusal is never mislabelled a rate limit', async () => {
    emulator.faults.inject({ path: '/items', status: 403, body: { message: 'Resource not accessible' } });
    const error = await failure(fixtureWith(60_000).client().get('/items'));
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(emulator.requests).toHaveLength(1);
  });
});
