import { describe, expect, it } from '@jest/globals';
import { compileWorkflow } from '../../src/workflow/compile-workflow.js';
import { runCalc } from './run-helpers.js';

describe('expressions at run time', () => {
  it('fails with an expression error naming the step and field when a result is nothing', async () => {
    const { result } = await runCalc({
      id: 'nothing',
      steps: [{ id: 'add', step: 'calc.add', args: { a: '{% $input.missing %}', b: 1 } }],
    });
    expect(result.error).toMatchObject({ code: 'expression', step: 'add', field: '/steps/0/args/a' });
    expect(result.error?.message).toContain('yielded nothing');
    expect(result.steps[0].status).toBe('failed');
  });

  it('lets the author accept nothing with ??', async () => {
    const { result } = await runCalc({
      id: 'defaulted',
      steps: [{ id: 'add', step: 'calc.add', args: { a: '{% $input.missing ?? 5 %}', b: 1 } }],
      output: '{% $steps.add.result.sum %}',
    });
    expect(result.output).toBe(6);
  });

  it('stops an expression that throws, with its message', async () => {
    const { result } = await runCalc({
      id: 'throws',
      steps: [{ id: 'add', step: 'calc.add', args: { a: "{% $error('custom failure') %}", b: 1 } }],
    });
    expect(result.error).toMatchObject({ code: 'expression', step: 'add' });
    expect(result.error?.message).toContain('custom failure');
  });

  it('stops an expression that loops forever', async () => {
    const { result } = await runCalc({
      id: 'loops',
      steps: [
        {
          id: 'add',
          step: 'calc.add',
          args: { a: '{% ($f := function($n) { $f($n + 1) }; $f(0)) %}', b: 1 },
        },
      ],
    });
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('expression');
    expect(result.error?.message).toMatch(/Stack overflow|timeout/i);
  });

  it('does not offer $eval even to a workflow that skipped validation', async () => {
    const { engine } = await runCalc({
      id: 'noop',
      steps: [{ id: 'x', step: 'calc.add', args: { a: 0, b: 0 } }],
    });
    const unchecked = compileWorkflow(
      { id: 'evil', steps: [{ id: 'add', step: 'calc.add', args: { a: "{% $eval('1 + 1') %}", b: 1 } }] },
      { registry: engine.registry },
    );
    const result = await engine.run(unchecked);
    expect(result.error?.code).toBe('expression');
    expect(result.error?.message).toContain('$eval is not available');
  });

  it('evaluates with fresh bindings per run: concurrent runs of one compiled workflow do not mix', async () => {
    const { engine } = await runCalc({
      id: 'noop',
      steps: [{ id: 'x', step: 'calc.add', args: { a: 0, b: 0 } }],
    });
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'echo',
        steps: [
          {
            id: 'add',
            step: 'calc.add',
            args: { a: '{% $input.n %}', b: 0 },
            assign: { n: '{% $result.sum %}' },
          },
        ],
        output: '{% $n %}',
      }),
    });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => engine.run(workflow, { n })));
    expect(results.map((r) => r.output)).toEqual([1, 2, 3, 4, 5]);
  });
});
