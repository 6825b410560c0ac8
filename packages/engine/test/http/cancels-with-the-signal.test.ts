import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { StepError } from '@toolsteps/sdk';
import { failure, httpFixture } from './support/http-fixture.js';

describe('an aborted signal cancels a request and its retries', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({ routes: (app) => app.get('/items', (c) => c.json([])) });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('stops waiting between attempts and makes no further request', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    const controller = new AbortController();
    fixture.clock.onSleep = () => controller.abort();
    emulator.faults.inject({ path: '/items', status: 503, times: 5 });
    const error = await failure(fixture.client({ signal: controller.signal }).get('/items'));
    expect(error.code).toBe('cancelled');
    expect(emulator.requests).toHaveLength(1);
    expect(fixture.clock.sleeps).toHaveLength(1);
  });

  it('aborts a request in flight', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    const controller = new AbortController();
    emulator.faults.inject({ path: '/items', delayMs: 5_000 });
    const pending = failure(fixture.client({ signal: controller.signal }).get('/items'));
    while (emulator.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const error = await pending;
    expect(error.code).toBe('cancelled');
    expect(emulator.requests).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    const error = await failure(fixture.client({ signal: AbortSignal.abort() }).get('/items'));
    expect(error.code).toBe('cancelled');
    expect(emulator.requests).toEqual([]);
  });

  it('reports the StepError the run aborted with, e.g. a step timeout', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    const reason = new StepError({ code: 'timeout', message: 'Step "fetch" took longer than 5s' });
    const error = await failure(fixture.client({ signal: AbortSignal.abort(reason) }).get('/items'));
    expect(error).toMatchObject({ code: 'timeout', message: 'Step "fetch" took longer than 5s' });
  });

  it('cancels a request waiting in the account limiter', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl, binding: { rateLimit: { concurrency: 1 } } });
    emulator.faults.inject({ path: '/items', delayMs: 100 });
    const first = fixture.client().get('/items');
    const controller = new AbortController();
    const queued = failure(fixture.client({ signal: controller.signal }).get('/items'));
    controller.abort();
    expect((await queued).code).toBe('cancelled');
    expect((await first).status).toBe(200);
    expect(emulator.requests).toHaveLength(1);
  });
});
