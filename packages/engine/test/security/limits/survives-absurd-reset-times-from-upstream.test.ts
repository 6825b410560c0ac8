import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from '../../http/support/http-fixture.js';
import { itemsEmulator } from '../../http/support/items-emulator.js';

// A reset or Retry-After further off than a Date can hold must still end in a clear rate_limited
// error, never a RangeError thrown while the message is built.
describe('an absurd reset time from the upstream ends in a clear rate_limited error', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await itemsEmulator();
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('reports a Retry-After of 10^16 seconds as too long to wait', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', status: 429, headers: { 'retry-after': '10000000000000000' } });
    const error = await failure(fixture.client().get('/items'));
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/longer than the 60 s this integration waits/);
    expect(fixture.clock.sleeps).toEqual([]);
  });

  it('reports a spent quota whose reset is 10^16 seconds away without sending', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl, binding: { quotaOf: () => 'core' } });
    emulator.faults.inject({
      path: '/items',
      status: 200,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '10000000000000000' },
      body: [],
    });
    await fixture.client().get('/items');
    const error = await failure(fixture.client().get('/items'));
    expect(error).toMatchObject({ code: 'rate_limited', details: { quota: 'core' } });
    expect(error.message).toMatch(/^GET \/items to Demo was not sent: the core rate limit is used up until/);
    expect(emulator.requests).toHaveLength(1);
  });
});
