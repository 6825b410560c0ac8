import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { account, httpFixture } from './support/http-fixture.js';

describe('a per-account limiter keeps requests within the API quota', () => {
  let emulator: Emulator;
  let waiting = 0;

  beforeAll(async () => {
    emulator = await createEmulator({
      // Each request waits (up to `patience` ms, default 1 s) until a second one is in flight, so a pair always overlaps.
      routes: (app) =>
        app.get('/work/:n', async (c) => {
          waiting += 1;
          const patience = Number(c.req.query('patience') ?? 1_000);
          for (let waited = 0; waiting < 2 && waited < patience; waited += 5) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
          waiting -= 1;
          return c.json({ n: Number(c.req.param('n')) });
        }),
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('never has more requests of one account in flight than its concurrency', async () => {
    const { client } = httpFixture({ baseUrl: emulator.baseUrl, binding: { rateLimit: { concurrency: 2 } } });
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => client().get<{ n: number }>(`/work/${n}`)),
    );
    expect(results.map((response) => response.body.n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(emulator.requests).toHaveLength(6);
    expect(emulator.peakInFlight).toBe(2);
  });

  it('shares the limit between every client of one account, and not with other accounts', async () => {
    const first = account({ token: 'tok_first_account_1' }, 'acct-1');
    const second = account({ token: 'tok_second_account_2' }, 'acct-2');
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { rateLimit: { concurrency: 1 } },
      accounts: [first, second],
    });
    await Promise.all([1, 2, 3].map((n) => client({ account: first }).get(`/work/${n}`, { patience: 50 })));
    expect(emulator.peakInFlight).toBe(1);
    emulator.reset();
    await Promise.all([first, second].map((acct) => client({ account: acct }).get('/work/0')));
    expect(emulator.peakInFlight).toBe(2);
  });

  it('refuses a rate limit that is not a whole positive number, naming it', async () => {
    const { client } = httpFixture({ baseUrl: emulator.baseUrl, binding: { rateLimit: { concurrency: 0 } } });
    await expect(client().get('/work/1')).rejects.toMatchObject({
      code: 'validation',
      message: "Demo's rateLimit.concurrency must be a whole number of at least 1, got 0",
    });
    expect(emulator.requests).toEqual([]);
  });
});
