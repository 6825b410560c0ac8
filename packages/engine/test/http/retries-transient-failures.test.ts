import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';
import { itemsEmulator } from './support/items-emulator.js';

describe('transient server failures are retried only where repeating is safe', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await itemsEmulator();
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const statuses = () => emulator.requests.map((request) => request.status);

  it('retries a read through two 503s with backoff, then succeeds', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', status: 503, times: 2 });
    const response = await fixture.client().get('/items');
    expect(response.body).toEqual([{ id: 1 }]);
    expect(statuses()).toEqual([503, 503, 200]);
    expect(fixture.clock.sleeps).toHaveLength(2);
    // Full jitter: each wait lies between 0 and the exponential ceiling (250 ms, then 500 ms).
    expect(fixture.clock.sleeps[0]).toBeLessThan(250);
    expect(fixture.clock.sleeps[1]).toBeLessThan(500);
  });

  it.each([502, 504])('retries a read after %i', async (status) => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', status });
    expect((await fixture.client().get('/items')).status).toBe(200);
    expect(statuses()).toEqual([status, 200]);
  });

  it('does not retry a 500: it usually repeats for the same request', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', status: 500, body: { message: 'boom' } });
    const error = await failure(fixture.client().get('/items'));
    expect(error).toMatchObject({ code: 'unavailable', status: 500, retryable: false });
    expect(statuses()).toEqual([500]);
  });

  it('reports unavailable after maxAttempts of 503', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', status: 503, times: 10, body: { message: 'Maintenance' } });
    const error = await failure(fixture.client().get('/items'));
    expect(error).toMatchObject({ code: 'unavailable', status: 503 });
    expect(error.message).toBe('Demo answered 503 to GET /items: Maintenance');
    expect(statuses()).toEqual([503, 503, 503, 503]);
  });

  it('does not retry a POST of a write step after a 503: it may have been processed', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ method: 'POST', path: '/items', status: 503 });
    const error = await failure(
      fixture.client({ effect: 'write' }).request({ method: 'POST', path: '/items', json: {} }),
    );
    expect(error).toMatchObject({ code: 'unavailable', status: 503 });
    expect(statuses()).toEqual([503]);
    expect(fixture.clock.sleeps).toEqual([]);
  });

  it('retries a POST of a write step that the step marks retrySafe', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ method: 'POST', path: '/items', status: 503 });
    const response = await fixture.client({ effect: 'write' }).request({
      method: 'POST',
      path: '/items',
      json: {},
      retrySafe: true,
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(response.status).toBe(201);
    expect(statuses()).toEqual([503, 201]);
  });

  it('retries a PUT of a read step (e.g. a search API that reads through a POST or PUT)', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ method: 'PUT', path: '/items/2', status: 503 });
    const response = await fixture
      .client({ effect: 'read' })
      .request({ method: 'PUT', path: '/items/2', json: {} });
    expect(response.status).toBe(200);
    expect(statuses()).toEqual([503, 200]);
  });

  it('retries a GET of a delete step: reads are always safe', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', status: 503 });
    expect((await fixture.client({ effect: 'delete' }).get('/items')).status).toBe(200);
  });

  it('gives up with the wait in retryAfterMs when a 503 asks for more than the binding allows', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl, binding: { maxRetryDelayMs: 1_000 } });
    emulator.faults.inject({ path: '/items', status: 503, headers: { 'retry-after': '120' } });
    const error = await failure(fixture.client().get('/items'));
    expect(error).toMatchObject({ code: 'unavailable', retryAfterMs: 120_000 });
    expect(statuses()).toEqual([503]);
  });
});
