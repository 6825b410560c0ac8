import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { httpFixture } from './support/http-fixture.js';

describe('rateLimit.writeConcurrency keeps mutating requests of one account from overlapping', () => {
  let emulator: Emulator;
  const writesInFlight = { now: 0, peak: 0 };

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.post('/items', async (c) => {
          writesInFlight.now += 1;
          writesInFlight.peak = Math.max(writesInFlight.peak, writesInFlight.now);
          await new Promise((resolve) => setTimeout(resolve, 20));
          writesInFlight.now -= 1;
          return c.json({ created: true }, 201);
        });
        app.get('/items', async (c) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return c.json([]);
        });
      },
    });
  });
  afterEach(() => {
    emulator.reset();
    writesInFlight.peak = 0;
  });
  afterAll(() => emulator.close());

  const fixture = () =>
    httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { rateLimit: { concurrency: 4, writeConcurrency: 1 } },
    });

  it('sends the POSTs of write steps one after another', async () => {
    const { client } = fixture();
    const writes = [1, 2, 3, 4].map(() =>
      client({ effect: 'write' }).request({ method: 'POST', path: '/items', json: {} }),
    );
    await Promise.all(writes);
    expect(emulator.requests).toHaveLength(4);
    expect(writesInFlight.peak).toBe(1);
  });

  it('lets reads run beside a write, up to the account concurrency', async () => {
    const { client } = fixture();
    await Promise.all([
      client({ effect: 'write' }).request({ method: 'POST', path: '/items', json: {} }),
      ...[1, 2, 3].map(() => client().get('/items')),
    ]);
    expect(emulator.peakInFlight).toBeGreaterThan(1);
  });

  it('with writeIntervalMs, starts writes at least that far apart', async () => {
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { rateLimit: { writeIntervalMs: 150 } },
    });
    await Promise.all(
      [1, 2, 3].map(() => client({ effect: 'write' }).request({ method: 'POST', path: '/items', json: {} })),
    );
    const arrivals = emulator.requests.map((request) => request.receivedAt);
    // Only a lower bound, which a slow machine cannot break; network jitter gets a little slack.
    for (let index = 1; index < arrivals.length; index++) {
      expect(arrivals[index] - arrivals[index - 1]).toBeGreaterThanOrEqual(120);
    }
  });

  it('refuses a writeIntervalMs that is not a whole number of ms, naming it', async () => {
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { rateLimit: { writeIntervalMs: -1 } },
    });
    await expect(
      client({ effect: 'write' }).request({ method: 'POST', path: '/items', json: {} }),
    ).rejects.toMatchObject({
      code: 'validation',
      message: "Demo's rateLimit.writeIntervalMs must be a whole number of at least 0, got -1",
    });
    expect(emulator.requests).toEqual([]);
  });
});
