import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { runTracker, TrackerApi, trackerAccount } from './support/tracker-api.js';

let api: TrackerApi;

beforeAll(async () => {
  api = await TrackerApi.start();
});
afterEach(() => api.reset());
afterAll(() => api.emulator.close());

const fileIssue = (step: object = {}) => ({
  id: 'file',
  steps: [{ id: 'file', step: 'tracker.create_issue', args: { title: 'Printer on fire' }, ...step }],
});

describe('the trace of a step whose write was cut off in flight', () => {
  it('counts the POST and marks the outcome unknown when the run is cancelled', async () => {
    api.holdAnswers(1);
    const arrived = api.nextArrival();
    const cancel = new AbortController();
    const running = runTracker(fileIssue(), trackerAccount(api.emulator.baseUrl), { signal: cancel.signal });
    await arrived;
    cancel.abort();
    const { result } = await running;

    expect(result.status).toBe('cancelled');
    expect(api.issues).toHaveLength(1);
    expect(result.steps[0]).toMatchObject({ status: 'failed', requests: 1, outcome: 'unknown' });
    expect(result.steps[0].outcomeReason).toMatch(/^POST \/issues /);
  });

  it('does the same when the step times out first', async () => {
    api.holdAnswers(1);
    const { result } = await runTracker(fileIssue({ timeout: '1s' }), trackerAccount(api.emulator.baseUrl));

    expect(result.error).toMatchObject({ code: 'timeout', step: 'file' });
    expect(api.issues).toHaveLength(1);
    expect(result.steps[0]).toMatchObject({ status: 'failed', requests: 1, outcome: 'unknown' });
  });

  it('does the same when the step failed on another request while its POST was still out', async () => {
    api.holdAnswers(1);
    const arrived = api.nextArrival();
    const { result } = await runTracker(
      {
        id: 'file',
        steps: [{ id: 'file', step: 'tracker.file_in_project', args: { title: 'Jam', project: 'gone' } }],
      },
      trackerAccount(api.emulator.baseUrl),
    );
    await arrived;

    expect(result.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(api.issues).toHaveLength(1);
    expect(result.steps[0]).toMatchObject({
      status: 'failed',
      requests: 2,
      outcome: 'unknown',
      outcomeReason:
        'POST /issues was cut off by a cancellation or timeout after it was sent, before a complete answer',
    });
  });

  it('leaves the outcome unmarked when the upstream refused the write', async () => {
    api.emulator.faults.inject({ method: 'POST', path: '/issues', status: 429 });
    const { result } = await runTracker(fileIssue(), trackerAccount(api.emulator.baseUrl));

    expect(result.error).toMatchObject({ code: 'rate_limited' });
    expect(result.steps[0]).toMatchObject({ status: 'failed', requests: 1 });
    expect(result.steps[0]).not.toHaveProperty('outcome');
  });
});
