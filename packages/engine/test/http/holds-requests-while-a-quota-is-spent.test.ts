import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type Context, createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';

// The fixture's FakeClock starts at 2030-01-01T00:00:00Z and moves only when slept on.
const START_S = Date.parse('2030-01-01T00:00:00Z') / 1000;

describe('once an answer says a quota is spent, requests wait for its reset without being sent', () => {
  let emulator: Emulator;
  let remaining = 5;
  let resetS = START_S + 30;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        const answer = (c: Context) => {
          remaining = Math.max(0, remaining - 1);
          c.header('x-ratelimit-remaining', String(remaining));
          c.header('x-ratelimit-reset', String(resetS));
          return c.json({ remaining });
        };
        app.get('/core/*', answer);
        app.get('/search/*', (c) => c.json({ search: true }));
      },
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const fixtureWith = (maxRetryDelayMs: number) =>
    httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { maxRetryDelayMs, quotaOf: ({ path }) => (path.startsWith('/search/') ? 'search' : 'core') },
    });

  it('waits until the reset the API reported, then sends', async () => {
    remaining = 1;
    resetS = START_S + 30;
    const fixture = fixtureWith(60_000);
    await fixture.client().get('/core/a');
    await fixture.client().get('/core/b');
    expect(fixture.clock.sleeps).toEqual([30_000]);
    expect(emulator.requests.map((request) => request.path)).toEqual(['/core/a', '/core/b']);
  });

  it('fails rate_limited with the reset time when the reset is further off than the account waits', async () => {
    remaining = 1;
    resetS = START_S + 3600;
    const fixture = fixtureWith(60_000);
    await fixture.client().get('/core/a');
    const error = await failure(fixture.client().get('/core/b'));
    expect(error).toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 3_600_000,
      details: { quota: 'core', resetAt: '2030-01-01T01:00:00.000Z' },
    });
    expect(error.message).toBe(
      'GET /core/b to Demo was not sent: the core rate limit is used up until 2030-01-01T01:00:00.000Z, 3600 s away, longer than the 60 s this account waits; try again after the reset',
    );
    expect(emulator.requests.map((request) => request.path)).toEqual(['/core/a']);
    expect(fixture.clock.sleeps).toEqual([]);
  });

  it('holds only the spent quota: requests counted against another one go on', async () => {
    remaining = 1;
    resetS = START_S + 3600;
    const fixture = fixtureWith(60_000);
    await fixture.client().get('/core/a');
    await expect(fixture.client().get('/search/issues')).resolves.toMatchObject({ status: 200 });
    expect(fixture.clock.sleeps).toEqual([]);
  });

  it('counts its own requests down between answers, so a burst does not overrun the last reported count', async () => {
    remaining = 3;
    resetS = START_S + 10;
    const fixture = fixtureWith(60_000);
    await fixture.client().get('/core/first');
    // 2 left: two of the next three go at once, the third waits for the reset.
    await Promise.all(['x', 'y', 'z'].map((name) => fixture.client().get(`/core/${name}`)));
    expect(fixture.clock.sleeps).toEqual([10_000]);
    expect(emulator.requests).toHaveLength(4);
  });
});
