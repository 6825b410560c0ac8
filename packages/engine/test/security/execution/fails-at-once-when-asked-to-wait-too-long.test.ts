import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { runTracker, TrackerApi, trackerAccount } from './support/tracker-api.js';

const DAY_MS = 86_400_000;

let api: TrackerApi;

beforeAll(async () => {
  api = await TrackerApi.start();
});
afterEach(() => api.reset());
afterAll(() => api.emulator.close());

/** One create_issue step under a retry policy on rate_limited, waiting at most `max`. */
function fileIssue(max: string) {
  return {
    id: 'file',
    defaults: { retry: { maxAttempts: 3, on: ['rate_limited'], max } },
    steps: [{ id: 'file', step: 'tracker.create_issue', args: { title: 'Printer on fire' } }],
  };
}

describe('a step retry never waits longer than its policy or the HTTP layer allows', () => {
  it('ends a step told to come back in 24 h at once, rate_limited with retryAfterMs', async () => {
    api.emulator.faults.inject({
      method: 'POST',
      path: '/issues',
      status: 429,
      headers: { 'retry-after': '86400' },
    });
    const { result, clock } = await runTracker(fileIssue('5s'), trackerAccount(api.emulator.baseUrl));
    expect(clock.sleeps).toEqual([]);
    expect(result.steps[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(result.error).toMatchObject({ code: 'rate_limited', retryAfterMs: DAY_MS });
    expect(result.error?.message).toContain(
      "The API asks to wait 86400 s (until 2030-01-02T00:00:00.000Z), longer than the 5 s the step's retry policy waits (retry.max); try again later",
    );
  });

  it('keeps the HTTP layer’s refusal to wait as it is, when the HTTP layer retries too', async () => {
    api.emulator.faults.inject({
      method: 'POST',
      path: '/issues',
      status: 429,
      headers: { 'retry-after': '86400' },
    });
    const account = trackerAccount(api.emulator.baseUrl, { maxAttempts: 4 });
    const { result, clock } = await runTracker(fileIssue('5s'), account);
    expect(clock.sleeps).toEqual([]);
    expect(result.error).toMatchObject({ code: 'rate_limited', retryAfterMs: DAY_MS });
    expect(result.error?.message).toContain('longer than the 60 s this integration waits (maxRetryDelayMs)');
    expect(api.emulator.requests).toHaveLength(1);
  });

  it('caps a generous policy at the HTTP layer’s 60 s', async () => {
    api.emulator.faults.inject({
      method: 'POST',
      path: '/issues',
      status: 429,
      headers: { 'retry-after': '120' },
    });
    const { result, clock } = await runTracker(fileIssue('10m'), trackerAccount(api.emulator.baseUrl));
    expect(clock.sleeps).toEqual([]);
    expect(result.error).toMatchObject({ code: 'rate_limited', retryAfterMs: 120_000 });
    expect(result.error?.message).toContain('longer than the 60 s this integration waits (maxRetryDelayMs)');
  });

  it('still waits a Retry-After within both limits, then succeeds', async () => {
    api.emulator.faults.inject({
      method: 'POST',
      path: '/issues',
      status: 429,
      headers: { 'retry-after': '3' },
    });
    const { result, clock } = await runTracker(fileIssue('5s'), trackerAccount(api.emulator.baseUrl));
    expect(result.status).toBe('succeeded');
    expect(clock.sleeps).toEqual([3_000]);
  });
});
