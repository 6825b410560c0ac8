import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';

describe('each attempt is bounded by the binding timeout', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({ routes: (app) => app.get('/slow', (c) => c.json({ ok: true })) });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('retries a read whose answer did not come in time', async () => {
    // Long enough for the healthy second answer on a loaded machine, far shorter than the fault's delay.
    const fixture = httpFixture({ baseUrl: emulator.baseUrl, binding: { timeoutMs: 1_500 } });
    emulator.faults.inject({ path: '/slow', delayMs: 5_000 });
    const response = await fixture.client().get('/slow');
    expect(response.body).toEqual({ ok: true });
    expect(fixture.exchanges.map((exchange) => exchange.error ?? exchange.status)).toEqual([
      'Demo did not answer GET /slow within 1500 ms (timeoutMs)',
      200,
    ]);
  });

  it('reports timeout when every attempt is too slow', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl, binding: { timeoutMs: 30, maxAttempts: 2 } });
    emulator.faults.inject({ path: '/slow', delayMs: 5_000, times: 2 });
    const error = await failure(fixture.client().get('/slow'));
    expect(error).toMatchObject({ code: 'timeout', retryable: true, details: { timeoutMs: 30 } });
    expect(emulator.requests).toHaveLength(2);
  });

  it('does not retry a slow POST of a write step', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl, binding: { timeoutMs: 30 } });
    emulator.faults.inject({ method: 'POST', path: '/slow', delayMs: 5_000 });
    const error = await failure(
      fixture.client({ effect: 'write' }).request({ method: 'POST', path: '/slow', json: {} }),
    );
    expect(error.code).toBe('timeout');
    expect(emulator.requests).toHaveLength(1);
  });
});
