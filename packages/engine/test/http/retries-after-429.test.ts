import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';
import { itemsEmulator } from './support/items-emulator.js';

describe('a rate-limited request waits as long as the API asks, then tries again', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await itemsEmulator();
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('honours Retry-After in seconds', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', status: 429, headers: { 'retry-after': '2' } });
    const response = await fixture.client().get('/items');
    expect(response).toMatchObject({ status: 200, body: [{ id: 1 }] });
    expect(fixture.clock.sleeps).toEqual([2000]);
    expect(emulator.requests).toHaveLength(2);
    expect(fixture.logger.lines).toContainEqual({
      level: 'warn',
      message: 'GET /items to Demo failed (rate_limited 429); retrying in 2000 ms, attempt 2 of 4',
    });
  });

  it('honours Retry-After as an HTTP date', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    const at = new Date(fixture.clock.now() + 5000).toUTCString();
    emulator.faults.inject({ path: '/items', status: 429, headers: { 'retry-after': at } });
    await fixture.client().get('/items');
    expect(fixture.clock.sleeps).toEqual([5000]);
  });

  it('waits for x-ratelimit-reset (epoch seconds) when no requests remain', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    const reset = String(Math.floor(fixture.clock.now() / 1000) + 7);
    emulator.faults.inject({
      path: '/items',
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      body: { message: 'API rate limit exceeded' },
    });
    await fixture.client().get('/items');
    expect(fixture.clock.sleeps).toEqual([7000]);
  });

  it('waits for ratelimit-reset (seconds from now) when no requests remain', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({
      path: '/items',
      status: 429,
      headers: { 'ratelimit-remaining': '0', 'ratelimit-reset': '3' },
    });
    await fixture.client().get('/items');
    expect(fixture.clock.sleeps).toEqual([3000]);
  });

  it('gives up with rate_limited and retryAfterMs when the wait is longer than the binding allows', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl, binding: { maxRetryDelayMs: 10_000 } });
    emulator.faults.inject({ path: '/items', status: 429, headers: { 'retry-after': '3600' } });
    const error = await failure(fixture.client().get('/items'));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 3_600_000 });
    expect(error.message).toMatch(
      /asks to wait 3600 s \(until 2030-01-01T01:00:00.000Z\), longer than the 10 s this integration waits/,
    );
    expect(error.details).toMatchObject({ retryAt: '2030-01-01T01:00:00.000Z' });
    expect(fixture.clock.sleeps).toEqual([]);
    expect(emulator.requests).toHaveLength(1);
  });

  it('stops after maxAttempts and reports rate_limited with the last wait asked for', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl, binding: { maxAttempts: 3 } });
    emulator.faults.inject({ path: '/items', status: 429, headers: { 'retry-after': '1' }, times: 5 });
    const error = await failure(fixture.client().get('/items'));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 1000 });
    expect(emulator.requests).toHaveLength(3);
    expect(fixture.clock.sleeps).toEqual([1000, 1000]);
  });

  it('retries a POST of a write step too: a 429 means the API did not process it', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ method: 'POST', path: '/items', status: 429, headers: { 'retry-after': '1' } });
    const response = await fixture
      .client({ effect: 'write' })
      .request({ method: 'POST', path: '/items', json: {} });
    expect(response.status).toBe(201);
    expect(emulator.requests.map((request) => request.status)).toEqual([429, 201]);
  });
});
