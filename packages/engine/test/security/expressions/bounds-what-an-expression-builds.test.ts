import { describe, expect, it } from '@jest/globals';
import { createEngine } from '../../../src/index.js';
import { calc, calcAccount } from '../../fixtures/calc-integration.js';
import { runEcho } from './support/run-expression.js';

/** Small limits keep each case instant; the defaults are 10,000,000 characters and 1,000,000 items. */
const limits = { maxStringLength: 1000, maxArrayLength: 100 };
const where = { code: 'expression', step: 'greet', field: '/steps/0/args/text' };

describe('an expression that would build a value over the limits', () => {
  it('fails with the issue example, under the default limits, before allocating anything', async () => {
    const result = await runEcho('{% $pad($input.name, $input.width) %}', { name: 'x', width: 150_000_000 });
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject(where);
    expect(result.error?.message).toContain(
      '$pad would build a string of 150000000 characters, over the 10000000 limit of an expression',
    );
  });

  it.each([
    ['$pad', '{% $pad("x", 1001) %}', '$pad would build a string of 1001 characters'],
    [
      '$pad with a long filler',
      '{% $pad("x", -1200, "abcd") %}',
      '$pad would build a string of 1200 characters',
    ],
    ['$join', '{% $join([1..11].$pad("", 100, "y"), "") %}', '$join would build a string of 1100 characters'],
    [
      '$join with a long separator',
      '{% $join(["a", "b", "c"], $pad("", 600)) %}',
      '$join would build a string of 1203 characters',
    ],
    [
      '& in a loop',
      '{% ($twice := function($s, $n) { $n = 0 ? $s : $twice($s & $s, $n - 1) }; $twice("ab", 20)) %}',
      '& would build a string of 1024 characters',
    ],
    [
      '$string of a value that shares one object many times',
      '{% ($a := {"k": $pad("", 200)}; $b := [$a, $a]; $c := {"x": $b, "y": $b}; $string([$c, $c])) %}',
      '$string would build a string of more than 1000 characters',
    ],
    [
      '$replace of a text',
      '{% $replace($pad("", 100, "a"), "a", "0123456789X") %}',
      '$replace would build a string of 1100 characters',
    ],
    [
      '$replace of a regex',
      '{% $replace($pad("", 100, "a"), /a/, "$0$0$0$0$0$0$0$0$0$0$0") %}',
      '$replace would build a string of',
    ],
    [
      '$replace by a function',
      '{% $replace($pad("", 100, "a"), /a/, function($m) { $pad("", 11, "b") }) %}',
      '$replace would build a string of 1010 characters',
    ],
    [
      '$fromMillis',
      '{% $fromMillis(0, "[Y,5000]") %}',
      '$fromMillis would build a string of 5000 characters',
    ],
    ['$now', '{% $now("[Y,5000]") %}', '$now would build a string of 5000 characters'],
    [
      '$fromMillis padding two markers, each under the limit',
      '{% $fromMillis(0, "[Y,600-600][Y,600-600]") %}',
      '$fromMillis would build a string of 1200 characters',
    ],
    [
      '$uppercase growing a string',
      '{% $uppercase($pad("", 400, "ΐ")) %}',
      '$uppercase would build a string of 1200 characters',
    ],
    [
      '$base64encode',
      '{% $base64encode($pad("", 900)) %}',
      '$base64encode would build a string of 1200 characters',
    ],
    [
      '$encodeUrlComponent',
      '{% $encodeUrlComponent($pad("", 400, "é")) %}',
      '$encodeUrlComponent would build a string of 2400',
    ],
    ['$split', '{% $string($split($pad("", 101, "z"), "")) %}', '$split would build an array of 101 items'],
    ['a range', '{% $string([1..101]) %}', 'would build an array of more than 100 items'],
    [
      '$append',
      '{% $string($append([1..60], [1..60])) %}',
      '$append would build an array of more than 100 items',
    ],
    [
      '$append in a $reduce',
      '{% $string($reduce([1..20], function($all, $n) { $append($all, [1..10]) }, [])) %}',
      '$append would build an array of more than 100 items',
    ],
    ['a path', '{% $string([1..10].([1..11])) %}', 'would build an array of more than 100 items'],
  ])('fails with an expression error naming the step and field: %s', async (_builder, expression, says) => {
    const result = await runEcho(expression, {}, limits);
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject(where);
    expect(result.error?.message).toContain(says);
    expect(result.error?.message).toContain('limit of an expression');
  });

  it('is left alone when within the limits', async () => {
    const result = await runEcho(
      '{% $pad("x", 1000) & "" & $join($split($pad("", 99, "z"), ""), "") & $replace("abc", /b/, "$0$0") %}',
      {},
      { maxStringLength: 1200, maxArrayLength: 100 },
    );
    expect(result.status).toBe('succeeded');
    expect(result.steps[0].result).toEqual({ text: `x${' '.repeat(999)}${'z'.repeat(99)}abbc` });
  });
});

describe('an expression whose result repeats one object many times', () => {
  it('fails instead of copying it out forever', async () => {
    const levels = Array.from(
      { length: 40 },
      (_, index) => `$v${index + 1} := {"a": $v${index}, "b": $v${index}}`,
    );
    const result = await runEcho(`{% ($v0 := {"x": 1}; ${levels.join('; ')}; $v40) %}`, {}, limits);
    expect(result.error).toMatchObject(where);
    expect(result.error?.message).toContain(
      "its result would take the values written out by this step's expressions past 100",
    );
  }, 10_000);

  // Under the default limits the copy used to stop only after 10,000,000 values: seconds of copying
  // per field, and a step of a few such fields exhausted the heap.
  it('is refused past 1,000,000 values written out, before any copying', async () => {
    const levels = Array.from(
      { length: 24 },
      (_, index) => `$v${index + 1} := {"a": $v${index}, "b": $v${index}}`,
    );
    const result = await runEcho(`{% ($v0 := {"x": 1}; ${levels.join('; ')}; $v24) %}`);
    expect(result.error).toMatchObject(where);
    expect(result.error?.message).toContain(
      "its result would take the values written out by this step's expressions past 1000000",
    );
  }, 3_000);

  it('shares one budget among all the fields of a step: each within it, together over it', async () => {
    const tree = `($v0 := {"x": 1}; $v1 := {"a": $v0, "b": $v0}; $v2 := {"a": $v1, "b": $v1}; $v3 := {"a": $v2, "b": $v2}; $v4 := {"a": $v3, "b": $v3}; $v5 := {"a": $v4, "b": $v4}; $v5)`;
    const engine = await createEngine({
      integrations: [calc],
      accounts: [calcAccount],
      expressionLimits: limits,
    });
    const run = (value: unknown) =>
      engine.run(
        {
          text: JSON.stringify({
            id: 'wait',
            steps: [{ id: 'hold', step: 'calc.wait', args: { ms: 0, value } }],
          }),
        },
        {},
      );

    expect((await run({ a: `{% ${tree} %}` })).status).toBe('succeeded');
    const both = await run({ a: `{% ${tree} %}`, b: `{% ${tree} %}` });
    expect(both.error).toMatchObject({ code: 'expression', field: '/steps/0/args/value/b' });
    expect(both.error?.message).toContain("this step's expressions past 100");
  });

  it('is copied out when it writes out to fewer values', async () => {
    const result = await runEcho(
      '{% ($a := {"x": 1}; $b := {"a": $a, "b": $a}; $string({"p": $b, "q": $b})) %}',
    );
    expect(result.steps[0].result).toEqual({
      text: '{"p":{"a":{"x":1},"b":{"x":1}},"q":{"a":{"x":1},"b":{"x":1}}}',
    });
  });
});
