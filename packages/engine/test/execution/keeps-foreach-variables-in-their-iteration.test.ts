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

  it('stay in their iteration when loops nest, and the branches of an iteration share only its variables', async () => {
    const { result } = await runCalc({
      id: 'nested',
      steps: [
        { id: 'start', assign: { owner: 'parent' } },
        {
          id: 'outer',
          forEach: {
            items: ['a', 'b'],
            as: 'letter',
            concurrency: 2,
            steps: [
              { id: 'mark', assign: { owner: '{% $letter %}', outerIndex: '{% $index %}' } },
              {
                id: 'both',
                parallel: [
                  [
                    {
                      id: 'left',
                      step: 'calc.wait',
                      args: { ms: '{% $outerIndex * 5 %}', value: '{% $owner %}' },
                      assign: { fromLeft: '{% $result.value %}' },
                    },
                  ],
                  [{ id: 'right', assign: { fromRight: '{% $letter & "-right" %}' } }],
                ],
              },
              {
                id: 'inner',
                forEach: {
                  items: [1, 2],
                  as: 'n',
                  concurrency: 2,
                  steps: [
                    { id: 'own', assign: { owner: '{% $letter & $string($n) %}' } },
                    // The first inner iteration waits longest: the second assigns its `owner` meanwhile.
                    {
                      id: 'seen',
                      step: 'calc.wait',
                      args: {
                        ms: '{% 10 - $n * 5 %}',
                        value: {
                          owner: '{% $owner %}',
                          index: '{% $index %}',
                          outerIndex: '{% $outerIndex %}',
                          fromLeft: '{% $fromLeft %}',
                          fromRight: '{% $fromRight %}',
                        },
                      },
                    },
                  ],
                },
              },
              {
                id: 'after',
                step: 'calc.wait',
                args: { ms: 0, value: { owner: '{% $owner %}', fromLeft: '{% $fromLeft %}' } },
              },
            ],
          },
        },
      ],
      output: '{% $owner %}',
    });

    expect(result.status).toBe('succeeded');
    const value = (stepKey: string) => result.steps.find((step) => step.stepKey === stepKey)?.result;
    // An inner iteration sees its own variable, its own $index, and its outer iteration's variables,
    // including those its branches assigned; never a sibling's.
    expect(value('outer[0].inner[0].seen')).toEqual({
      value: { owner: 'a1', index: 0, outerIndex: 0, fromLeft: 'a', fromRight: 'a-right' },
    });
    expect(value('outer[0].inner[1].seen')).toEqual({
      value: { owner: 'a2', index: 1, outerIndex: 0, fromLeft: 'a', fromRight: 'a-right' },
    });
    expect(value('outer[1].inner[0].seen')).toEqual({
      value: { owner: 'b1', index: 0, outerIndex: 1, fromLeft: 'b', fromRight: 'b-right' },
    });
    // What the inner iterations assigned stayed in them; the outer iteration kept its own.
    expect(value('outer[0].after')).toEqual({ value: { owner: 'a', fromLeft: 'a' } });
    expect(value('outer[1].after')).toEqual({ value: { owner: 'b', fromLeft: 'b' } });
    expect(result.output).toBe('parent');
    expect(result.vars).toEqual({ owner: 'parent' });
  });

  it("shadow the parent's variable of the same name even when set to nothing", async () => {
    const { result } = await runCalc({
      id: 'shadow-nothing',
      steps: [
        { id: 'start', assign: { note: 'parent' } },
        {
          id: 'loop',
          forEach: {
            items: [1],
            steps: [
              { id: 'clear', assign: { note: '{% $input.missing ?? $input.alsoMissing %}' } },
              { id: 'read', step: 'calc.wait', args: { ms: 0, value: '{% $note ?? "nothing" %}' } },
            ],
          },
        },
      ],
      output: '{% $note %}',
    });

    expect(result.status).toBe('succeeded');
    expect(result.steps.find((step) => step.stepKey === 'loop[0].read')?.result).toEqual({
      value: 'nothing',
    });
    expect(result.output).toBe('parent');
  });
});
