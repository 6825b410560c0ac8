import { describe, expect, it } from '@jest/globals';
import { runCalc } from './run-helpers.js';

describe('a sequence of steps', () => {
  it('passes results along through $steps and assigned variables, and builds the output', async () => {
    const { result, events } = await runCalc({
      id: 'sums',
      steps: [
        { id: 'first', step: 'calc.add', args: { a: 1, b: 2 }, assign: { total: '{% $result.sum %}' } },
        {
          id: 'second',
          step: 'calc.add',
          args: { a: '{% $total %}', b: '{% $steps.first.result.sum * 10 %}' },
        },
      ],
      output: '{% { "first": $total, "second": $steps.second.result.sum } %}',
    });
    expect(result.status).toBe('succeeded');
    expect(result.output).toEqual({ first: 3, second: 33 });
    expect(result.vars).toEqual({ total: 3 });
    expect(result.steps.map((s) => [s.stepKey, s.status, s.attempts])).toEqual([
      ['first', 'succeeded', 1],
      ['second', 'succeeded', 1],
    ]);
    expect(result.steps[1].args).toEqual({ a: 3, b: 30 });
    expect(events.map((e) => e.type)).toEqual([
      'run.started',
      'step.started',
      'step.succeeded',
      'step.started',
      'step.succeeded',
      'run.finished',
    ]);
  });

  it('skips a step whose "if" is false and records why', async () => {
    const { result, events } = await runCalc(
      {
        id: 'maybe',
        steps: [
          { id: 'never', if: '{% $input.go = true %}', step: 'calc.add', args: { a: 1, b: 1 } },
          { id: 'after', step: 'calc.add', args: { a: 2, b: 2 } },
        ],
        output: '{% $steps.never.status %}',
      },
      { go: false },
    );
    expect(result.status).toBe('succeeded');
    expect(result.output).toBe('skipped');
    expect(result.steps[0]).toMatchObject({ stepKey: 'never', status: 'skipped' });
    expect(events.find((e) => e.type === 'step.skipped')).toMatchObject({ stepKey: 'never' });
  });

  it('refuses a run whose input does not match the workflow input schema, before any step runs', async () => {
    const { result } = await runCalc(
      {
        id: 'typed',
        input: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
        steps: [{ id: 'add', step: 'calc.add', args: { a: '{% $input.n %}', b: 1 } }],
      },
      { n: 'three' },
    );
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject({ code: 'validation', field: '/input/n' });
    expect(result.error?.message).toContain('input/n must be a whole number (got "three")');
    expect(result.steps).toEqual([]);
  });

  it('fails with a validation error naming the arg when evaluated args break the step input schema', async () => {
    const { result } = await runCalc(
      {
        id: 'bad-args',
        steps: [{ id: 'add', step: 'calc.add', args: { a: '{% $input.text %}', b: 1 } }],
      },
      { text: 'x' },
    );
    expect(result.error).toMatchObject({ code: 'validation', step: 'add', field: '/steps/0/args/a' });
    expect(result.steps[0]).toMatchObject({ status: 'failed', args: { a: 'x', b: 1 } });
  });

  it('reports a step that returns a result outside its output schema as an upstream fault', async () => {
    const { result } = await runCalc({ id: 'out', steps: [{ id: 'bad', step: 'calc.bad_output' }] });
    expect(result.error).toMatchObject({ code: 'upstream', step: 'bad' });
    expect(result.error?.message).toContain('does not match its output schema');
  });

  it('turns a thrown non-Error into a clear upstream error', async () => {
    const { result } = await runCalc({
      id: 'raw',
      steps: [{ id: 'raw', step: 'calc.throw_raw', args: { value: { odd: true } } }],
    });
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject({
      code: 'upstream',
      step: 'raw',
      message: 'The step threw a non-Error value: {"odd":true}',
    });
  });
});
