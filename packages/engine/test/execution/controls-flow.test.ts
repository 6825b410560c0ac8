import { describe, expect, it } from '@jest/globals';
import { runCalc } from './run-helpers.js';

describe('forEach and parallel', () => {
  it('keeps forEach results in item order whatever order iterations finish in', async () => {
    const { result } = await runCalc(
      {
        id: 'loop',
        steps: [
          {
            id: 'waits',
            forEach: {
              items: '{% $input.delays %}',
              as: 'delay',
              concurrency: 3,
              steps: [{ id: 'wait', step: 'calc.wait', args: { ms: '{% $delay %}', value: '{% $index %}' } }],
            },
          },
        ],
        output: '{% $steps.waits.result.value %}',
      },
      { delays: [30, 5, 15, 0] },
    );
    expect(result.status).toBe('succeeded');
    expect(result.output).toEqual([0, 1, 2, 3]);
    expect(result.steps.filter((s) => s.id === 'wait').map((s) => s.stepKey)).toEqual([
      'waits[0].wait',
      'waits[1].wait',
      'waits[2].wait',
      'waits[3].wait',
    ]);
  });

  it('keeps variables assigned inside an iteration in that iteration', async () => {
    const { result } = await runCalc({
      id: 'scoped',
      steps: [
        { id: 'base', step: 'calc.add', args: { a: 100, b: 0 }, assign: { base: '{% $result.sum %}' } },
        {
          id: 'each',
          forEach: {
            items: [1, 2, 3],
            concurrency: 3,
            steps: [
              {
                id: 'double',
                step: 'calc.add',
                args: { a: '{% $item %}', b: '{% $item %}' },
                assign: { twice: '{% $result.sum %}' },
              },
              { id: 'plus', step: 'calc.add', args: { a: '{% $twice %}', b: '{% $base %}' } },
            ],
          },
        },
      ],
      output: '{% $steps.each.result.sum %}',
    });
    expect(result.output).toEqual([102, 104, 106]);
    expect(result.vars).toEqual({ base: 100 });
  });

  it('fails a forEach whose items are not an array at run time', async () => {
    const { result } = await runCalc(
      {
        id: 'not-array',
        steps: [
          {
            id: 'each',
            forEach: {
              items: '{% $input.things %}',
              steps: [{ id: 'a', step: 'calc.add', args: { a: 1, b: 1 } }],
            },
          },
        ],
      },
      { things: { one: 1 } },
    );
    expect(result.error).toMatchObject({ code: 'validation', step: 'each', field: '/steps/0/forEach/items' });
    expect(result.error?.message).toContain('must be an array');
  });

  it('runs parallel branches at once and lists each branch result', async () => {
    const { result } = await runCalc({
      id: 'branches',
      steps: [
        {
          id: 'both',
          parallel: [
            [{ id: 'slow', step: 'calc.wait', args: { ms: 30, value: 'slow' } }],
            [
              {
                id: 'fast',
                step: 'calc.wait',
                args: { ms: 1, value: 'fast' },
                assign: { fast: '{% $result.value %}' },
              },
              { id: 'then', step: 'calc.add', args: { a: 1, b: 1 } },
            ],
          ],
        },
      ],
      output: '{% { "branches": $steps.both.result, "fast": $fast, "slow": $steps.slow.result.value } %}',
    });
    expect(result.output).toEqual({ branches: [{ value: 'slow' }, { sum: 2 }], fast: 'fast', slow: 'slow' });
  });
});

describe('retry, timeout and catch', () => {
  it('retries a retryable failure with the step policy and reports each retry', async () => {
    const { result, events } = await runCalc({
      id: 'retry',
      steps: [
        {
          id: 'flaky',
          step: 'calc.flaky',
          args: { key: `retry-${Date.now()}`, failTimes: 2 },
          retry: { maxAttempts: 3, backoff: 'fixed', initial: 5 },
        },
      ],
    });
    expect(result.status).toBe('succeeded');
    expect(result.steps[0]).toMatchObject({ attempts: 3, result: { attempts: 3 } });
    const retries = events.filter((e) => e.type === 'step.retrying');
    expect(retries).toHaveLength(2);
    expect(retries[0]).toMatchObject({ attempt: 1, delayMs: 5, error: { code: 'unavailable' } });
  });

  it('waits at least the Retry-After an error carries', async () => {
    const { events } = await runCalc({
      id: 'retry-after',
      steps: [
        {
          id: 'flaky',
          step: 'calc.flaky',
          args: { key: `ra-${Date.now()}`, failTimes: 1, code: 'rate_limited', retryAfterMs: 40 },
          retry: { maxAttempts: 2, backoff: 'exponential', initial: 1 },
        },
      ],
    });
    expect(events.find((e) => e.type === 'step.retrying')).toMatchObject({ delayMs: 40 });
  });

  it('does not retry codes outside the policy', async () => {
    const { result } = await runCalc({
      defaults: { retry: { maxAttempts: 5, initial: 1 } },
      id: 'no-retry',
      steps: [
        {
          id: 'flaky',
          step: 'calc.flaky',
          args: { key: `nr-${Date.now()}`, failTimes: 1, code: 'forbidden' },
        },
      ],
    });
    expect(result.status).toBe('failed');
    expect(result.steps[0]).toMatchObject({ attempts: 1, error: { code: 'forbidden' } });
  });

  it('times out a step, even one that ignores its signal', async () => {
    const { result } = await runCalc({
      id: 'slow',
      steps: [{ id: 'stuck', step: 'calc.stubborn', args: { ms: 2000 }, timeout: '50ms' }],
    });
    expect(result.error).toMatchObject({ code: 'timeout', step: 'stuck' });
    expect(result.error?.message).toContain('did not finish within 50ms');
  });

  it('times out the whole run', async () => {
    const { result } = await runCalc({
      id: 'run-timeout',
      timeout: 60,
      steps: [{ id: 'w', step: 'calc.wait', args: { ms: 2000 } }],
    });
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('timeout');
  });

  it('catches an error by code, assigns a fallback and goes on', async () => {
    const { result } = await runCalc({
      id: 'caught',
      steps: [
        {
          id: 'flaky',
          step: 'calc.flaky',
          args: { key: `c-${Date.now()}`, failTimes: 9, code: 'not_found' },
          catch: [
            { on: ['not_found'], then: 'continue', assign: { fallback: '{% "missing: " & $error.code %}' } },
          ],
        },
        { id: 'after', step: 'calc.add', args: { a: 1, b: 1 } },
      ],
      output: '{% { "fallback": $fallback, "status": $steps.flaky.status } %}',
    });
    expect(result.status).toBe('succeeded');
    expect(result.output).toEqual({ fallback: 'missing: not_found', status: 'caught' });
    expect(result.steps.map((s) => s.status)).toEqual(['caught', 'succeeded']);
  });

  it('fails the run when the matching handler says fail, and ignores handlers for other codes', async () => {
    const { result } = await runCalc({
      id: 'fail',
      steps: [
        {
          id: 'flaky',
          step: 'calc.flaky',
          args: { key: `f-${Date.now()}`, failTimes: 9, code: 'forbidden' },
          catch: [
            { on: ['not_found'], then: 'continue' },
            { on: '*', then: 'fail' },
          ],
        },
        { id: 'after', step: 'calc.add', args: { a: 1, b: 1 } },
      ],
    });
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('forbidden');
    expect(result.steps.map((s) => s.id)).toEqual(['flaky']);
  });
});

describe('cancellation', () => {
  it('stops a forEach midway: finished items are kept, no new item starts, the run says cancelled', async () => {
    const controller = new AbortController();
    const { result } = await runCalc(
      {
        id: 'cancel',
        steps: [
          {
            id: 'each',
            forEach: {
              items: [0, 1, 2, 3, 4, 5, 6, 7],
              concurrency: 2,
              steps: [{ id: 'w', step: 'calc.wait', args: { ms: 40, value: '{% $item %}' } }],
            },
          },
        ],
      },
      {},
      {
        onEvent: (event) => {
          if (event.type === 'step.succeeded' && event.stepKey === 'each[1].w') controller.abort();
        },
        signal: controller.signal,
      },
    );
    expect(result.status).toBe('cancelled');
    expect(result.error?.code).toBe('cancelled');
    const inner = result.steps.filter((s) => s.id === 'w');
    expect(inner.filter((s) => s.status === 'succeeded').length).toBeGreaterThanOrEqual(2);
    expect(inner.length).toBeLessThan(8);
    expect(result.steps.find((s) => s.id === 'each')?.status).toBe('failed');
  });

  it('does not start a run that is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result } = await runCalc(
      { id: 'pre', steps: [{ id: 'a', step: 'calc.add', args: { a: 1, b: 1 } }] },
      {},
      { signal: controller.signal },
    );
    expect(result.status).toBe('cancelled');
    expect(result.steps).toEqual([]);
  });
});
