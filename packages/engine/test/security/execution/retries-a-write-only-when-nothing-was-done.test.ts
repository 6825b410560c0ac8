import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { runTracker, TrackerApi, trackerAccount } from './support/tracker-api.js';

/** docs/workflows.md's policy: three attempts of every step, on rate_limited, timeout and unavailable. */
const defaults = { retry: { maxAttempts: 3, backoff: 'exponential', initial: '200ms', max: '5s' } };

let api: TrackerApi;

beforeAll(async () => {
  api = await TrackerApi.start();
});
afterEach(() => api.reset());
afterAll(() => api.emulator.close());

describe('a retry policy re-runs a write step', () => {
  it('not when its POST timed out after it was sent: one issue, and the error says why', async () => {
    api.holdAnswers(3);
    const account = trackerAccount(api.emulator.baseUrl, { timeoutMs: 1_000 });
    const { result } = await runTracker(
      {
        id: 'file',
        defaults,
        steps: [{ id: 'file', step: 'tracker.create_issue', args: { title: 'Printer on fire' } }],
      },
      account,
    );
    expect(api.issues).toEqual([{ title: 'Printer on fire' }]);
    expect(result.steps[0]).toMatchObject({ status: 'failed', attempts: 1, requests: 1 });
    expect(result.error).toMatchObject({
      code: 'timeout',
      retryable: false,
      details: { notRetried: 'POST /issues timed out after it was sent, before a complete answer' },
    });
    expect(result.error?.message).toContain(
      'not retried: tracker.create_issue may have been processed (POST /issues timed out after it was sent',
    );
  });

  it('not when a first write was done and a later one of the same attempt was refused', async () => {
    api.emulator.faults.inject({ method: 'POST', path: '/issues/*/labels', status: 429, times: 3 });
    const { result } = await runTracker(
      {
        id: 'file',
        defaults,
        steps: [
          { id: 'file', step: 'tracker.create_labelled_issue', args: { title: 'Jammed', label: 'printer' } },
        ],
      },
      trackerAccount(api.emulator.baseUrl),
    );
    expect(api.issues).toHaveLength(1);
    expect(result.error).toMatchObject({
      code: 'rate_limited',
      details: { notRetried: 'POST /issues answered 201' },
    });
  });

  it('only after stopping what the failed attempt had not sent yet: its pending write never leaves', async () => {
    // The label write is refused at once while the board read is held; the issue write of that
    // attempt would follow the read. The read is let go as the retry starts, as a slow answer would be.
    api.emulator.faults.inject({ method: 'POST', path: '/labels', status: 429, times: 1 });
    api.holdReads();
    const { result } = await runTracker(
      {
        id: 'file',
        defaults,
        steps: [
          { id: 'file', step: 'tracker.file_labelled', args: { title: 'Printer on fire', board: 'b1' } },
        ],
      },
      trackerAccount(api.emulator.baseUrl),
      { onEvent: (event) => event.type === 'step.retrying' && api.releaseReads() },
    );

    expect(result.steps[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(api.issues).toEqual([{ title: 'Printer on fire' }]);
    expect(api.emulator.requests.filter((request) => request.path === '/issues')).toHaveLength(1);
  });

  it('when the upstream refused it with 429: nothing was done, so the retry creates the one issue', async () => {
    api.emulator.faults.inject({
      method: 'POST',
      path: '/issues',
      status: 429,
      headers: { 'retry-after': '1' },
    });
    const { result, clock } = await runTracker(
      {
        id: 'file',
        defaults,
        steps: [{ id: 'file', step: 'tracker.create_issue', args: { title: 'Paper jam' } }],
      },
      trackerAccount(api.emulator.baseUrl),
    );
    expect(result.status).toBe('succeeded');
    expect(result.steps[0]).toMatchObject({ attempts: 2, requests: 2, result: { id: 1 } });
    expect(api.issues).toHaveLength(1);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(1_000);
  });

  it('when the connection was refused: no request reached anyone', async () => {
    // A port that was just listening and is now closed refuses connections.
    const closed = await TrackerApi.start();
    const baseUrl = closed.emulator.baseUrl;
    await closed.emulator.close();
    const { result } = await runTracker(
      {
        id: 'file',
        defaults,
        steps: [{ id: 'file', step: 'tracker.create_issue', args: { title: 'Toner' } }],
      },
      trackerAccount(baseUrl),
    );
    expect(result.steps[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(result.error).toMatchObject({ code: 'unavailable', details: { network: 'refused' } });
    expect(result.error?.details).not.toHaveProperty('notRetried');
  });

  it('when the step is declared idempotent, even after a timeout: the API keeps it to one issue', async () => {
    api.holdAnswers(1);
    const { result } = await runTracker(
      {
        id: 'file',
        defaults,
        steps: [{ id: 'file', step: 'tracker.create_issue_once', args: { title: 'Fuser', key: 'k-1' } }],
      },
      trackerAccount(api.emulator.baseUrl, { timeoutMs: 1_000 }),
    );
    expect(result.status).toBe('succeeded');
    expect(result.steps[0]).toMatchObject({ attempts: 2, requests: 2, result: { id: 1 } });
    expect(api.emulator.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
    expect(api.issues).toHaveLength(1);
  });
});
