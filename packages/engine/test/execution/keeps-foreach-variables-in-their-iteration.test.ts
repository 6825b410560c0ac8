import { describe, expect, it } from '@jest/globals';
import { runCalc } from './run-helpers.js';

describe('variables of a forEach iteration', () => {
  it('stay in their iteration while iterations interleave, and never reach the parent scope', async () => {
    const { result } = await runCalc(
      {
        id: 'interleaved',
        steps: [
          { id: 'start', assign: { base: 100, mine: 'parent' } },
          {
            id: 'loop',
            forEach: {
              items: '{% $input.delays %}',
              as: 'delay',
              concurrency: 4,
              steps: [
                { id: 'claim', assign: { mine: '{% $index %}', seenBase: '{% $base %}' } },
                // Waits of different lengths: the other iterations assign their `mine` meanwhile.
                { id: 'wait', step: 'calc.wait', args: { ms: '{% $delay %}', value: '{% $mine %}' } },
                {
                  id: 'report',
                  step: 'calc.wait',
                  args: { ms: 0, value: { mine: '{% $mine %}', waited: '{% $steps.wait.result.value %}' } },
                },
                { id: 'shadow', assign: { base: '{% $base + $index %}' } },
              ],
            },
          },
        ],
        output: '{% {"mine": $mine, "base": $base} %}',
      },
      { delays: [30, 0, 15, 5] },
    );

    expect(result.status).toBe('succeeded');
    // Traces list steps in the order they started; each iteration's report names its own index.
    const reports = result.steps.filter((step) => step.id === 'report');
    expect(reports).toHaveLength(4);
    for (const report of reports) {
      const index = Number(/\[(\d+)\]/.exec(report.stepKey)?.[1]);
      expect(report.result).toEqual({ value: { mine: index, waited: index } });
    }
    // What the iterations assigned (`mine`, `seenBase`, their own `base`) stayed in them.
    expect(result.output).toEqual({ mine: 'parent', base: 100 });
    expect(result.vars).toEqual({ base: 100, mine: 'parent' });
  });

  it('see the variables the parent assigns after the loop started', async () => {
    const { result } = await runCalc({
      id: 'reads-through',
      steps: [
        { id: 'first', assign: { count: 1 } },
        {
          id: 'loop',
          forEach: {
            items: [1, 2],
            concurrency: 1,
            steps: [{ id: 'read', assign: { got: '{% $count + $item %}' } }],
          },
        },
        { id: 'second', assign: { count: '{% $count + 1 %}' } },
        {
          id: 'again',
          forEach: {
            items: [1],
            steps: [{ id: 'add', step: 'calc.add', args: { a: '{% $count %}', b: '{% $item %}' } }],
          },
        },
      ],
      output: '{% $steps.again.result.sum %}',
    });

    expect(result.status).toBe('succeeded');
    expect(result.output).toBe(3);
    expect(result.vars).toEqual({ count: 2 });
  });
});
