import { describe, expect, it } from '@jest/globals';
import { runEcho } from './support/run-expression.js';

/**
 * A value whose every level holds the level below twice is small in memory but 2^depth values deep
 * down. JSONata's deep equality (behind `=`, `!=` and $distinct) walked every path: depth 25 blocked
 * the host 30 s inside one operation, depth 40 for ever. Pairs already compared are now skipped.
 */
const shared = (name: string) =>
  `$${name} := function($n) { $n = 0 ? {"v": 1} : ($x := $${name}($n - 1); {"a": $x, "b": $x}) }`;
const where = { code: 'expression', step: 'greet', field: '/steps/0/args/text' };

describe('comparing values that share structure', () => {
  it.each([
    ['=', `(${shared('d')}; $string($d(40) = $d(40)))`, 'true'],
    ['!=', `(${shared('d')}; $string($d(40) != $d(40)))`, 'false'],
    [
      '$distinct',
      // Built one after the other: JSONata counts the stack of an array's items built in parallel together.
      `(${shared('d')}; $a := $d(40); $b := $d(40); $string($count($distinct([$a, $b, 1]))))`,
      '2',
    ],
    ['= finding a difference deep down', `(${shared('d')}; $string($d(40) = $d(39)))`, 'false'],
  ])(
    'ends promptly with the right answer: %s',
    async (_operator, body, text) => {
      const result = await runEcho(`{% ${body} %}`);
      expect(result.steps[0]).toMatchObject({ status: 'succeeded', result: { text } });
    },
    10_000,
  );

  it('stops a comparison past its budget with an expression error naming the step and field', async () => {
    // Budget: 10 pairs per allowed array item, so 1,000 here; these arrays hold 2,000 objects each.
    const result = await runEcho(
      '{% $string([1..2000].{"n": $} = [1..2000].{"n": $}) %}',
      {},
      // A slow shared machine must not turn this into a timeout: the budget is what is tested.
      { maxArrayLength: 100_000, timeoutMs: 60_000 },
    );
    expect(result.steps[0]).toMatchObject({ status: 'succeeded', result: { text: 'true' } });
    const refused = await runEcho(
      '{% $string($input.left = $input.right) %}',
      {
        left: Array.from({ length: 2000 }, (_, n) => ({ n })),
        right: Array.from({ length: 2000 }, (_, n) => ({ n })),
      },
      { maxArrayLength: 100, timeoutMs: 60_000 },
    );
    expect(refused.error).toMatchObject(where);
    expect(refused.error?.message).toContain('= would compare more than 1000 pairs of values');
    expect(refused.error?.message).toContain('limit of an expression');
  });

  it('keeps JSONata deep equality: order of keys ignored, order of items kept', async () => {
    const result = await runEcho(
      '{% $join([{"a": 1, "b": [1, 2]} = {"b": [1, 2], "a": 1}, [1, 2] = [2, 1], {"a": 1} != {"a": "1"}, $input.x = $input.y].$string(), ",") %}',
      { x: { k: [1, { z: null }] }, y: { k: [1, { z: null }] } },
    );
    expect(result.steps[0].result).toEqual({ text: 'true,false,true,true' });
  });
});
