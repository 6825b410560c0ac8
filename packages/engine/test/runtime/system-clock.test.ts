import { describe, expect, it } from '@jest/globals';
import { StepError } from '@toolsteps/sdk';
import { SystemClock } from '../../src/runtime/index.js';

async function rejection(promise: Promise<unknown>): Promise<StepError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(StepError);
  return error as StepError;
}

describe('SystemClock', () => {
  const clock = new SystemClock();

  it('tells the wall-clock time', () => {
    const before = Date.now();
    const now = clock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('sleeps at least the given time', async () => {
    const start = performance.now();
    await clock.sleep(20);
    expect(performance.now() - start).toBeGreaterThanOrEqual(19);
    await clock.sleep(-5);
  });

  it('ends a sleep with a cancelled StepError when its signal aborts', async () => {
    const controller = new AbortController();
    const sleeping = clock.sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(), 5);
    const error = await rejection(sleeping);
    expect(error.code).toBe('cancelled');
    expect(error.message).toBe('The run was cancelled');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const error = await rejection(clock.sleep(60_000, AbortSignal.abort()));
    expect(error.code).toBe('cancelled');
  });

  it('passes on a StepError given as the abort reason, and reports AbortSignal.timeout as a timeout', async () => {
    const reason = new StepError({
      code: 'timeout',
      message: 'Step "ticket" took longer than 30s',
      step: 'ticket',
    });
    const controller = new AbortController();
    controller.abort(reason);
    expect(await rejection(clock.sleep(60_000, controller.signal))).toBe(reason);
    expect((await rejection(clock.sleep(60_000, AbortSignal.timeout(5)))).code).toBe('timeout');
  });

  it('refuses NaN as a duration', async () => {
    await expect(clock.sleep(Number.NaN)).rejects.toThrow('sleep() needs a number of milliseconds, got NaN');
  });
});
