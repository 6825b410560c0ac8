import { describe, expect, it } from '@jest/globals';
import type { RunEvent } from '../../src/index.js';
import { runCalc } from './run-helpers.js';

const waitThenAdd = {
  id: 'wait-then-add',
  steps: [
    { id: 'wait', step: 'calc.wait', args: { ms: 5_000 } },
    { id: 'add', step: 'calc.add', args: { a: 1, b: 1 } },
  ],
};

/** Runs waitThenAdd, aborting with `reason` as soon as its first step starts. */
async function abortedWhileWaiting(reason?: unknown) {
  const controller = new AbortController();
  const events: RunEvent[] = [];
  const { result } = await runCalc(
    waitThenAdd,
    {},
    {
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'step.started') controller.abort(reason);
      },
    },
  );
  return { result, finished: events.find((event) => event.type === 'run.finished') };
}

describe('a cancelled run keeps the reason it was aborted with', () => {
  it("in the result's error, the run.finished event and the step that was cut off", async () => {
    const { result, finished } = await abortedWhileWaiting(new Error('the user stopped the agent'));

    expect(result.status).toBe('cancelled');
    expect(result.error).toMatchObject({
      code: 'cancelled',
      message: 'The run was cancelled: the user stopped the agent',
      details: { reason: 'the user stopped the agent' },
    });
    expect(finished).toMatchObject({ status: 'cancelled', error: result.error });
    expect(result.steps.map((step) => [step.id, step.status, step.error?.message])).toEqual([
      ['wait', 'failed', 'The run was cancelled: the user stopped the agent'],
    ]);
  });

  it('given as a string, or before the run starts', async () => {
    expect((await abortedWhileWaiting('shutting down')).result.error?.details).toEqual({
      reason: 'shutting down',
    });
    const { result } = await runCalc(waitThenAdd, {}, { signal: AbortSignal.abort('deploy in progress') });
    expect(result.status).toBe('cancelled');
    expect(result.error?.message).toBe('The run was cancelled: deploy in progress');
    expect(result.steps).toEqual([]);
  });

  it('says only that the run was cancelled when abort() was given no reason', async () => {
    const { result } = await abortedWhileWaiting();
    expect(result.error).toEqual({
      code: 'cancelled',
      message: 'The run was cancelled',
      retryable: false,
      step: 'wait',
    });
  });

  it('with the secrets in it scrubbed, like everything a run reports', async () => {
    const { result } = await abortedWhileWaiting(new Error('token calc-secret-token-1234 was revoked'));
    expect(JSON.stringify(result)).not.toContain('calc-secret-token-1234');
    expect(result.error?.message).toMatch(/^The run was cancelled: token .+ was revoked$/);
  });
});
