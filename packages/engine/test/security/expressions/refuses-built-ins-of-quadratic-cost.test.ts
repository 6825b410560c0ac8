import { describe, expect, it } from '@jest/globals';
import { runEcho } from './support/run-expression.js';

/**
 * JSONata checks its timeout between nodes, never inside one built-in call. $formatNumber and
 * $formatInteger parse their picture in quadratic time (a 40 KB picture blocked the host 14 s), as
 * do $parseInteger, $toMillis and $fromMillis (160 KB: 2 to 5 s), and $distinct compared each item
 * with all kept so far (100,000 numbers: 6 s).
 */
const where = { code: 'expression', step: 'greet', field: '/steps/0/args/text' };

describe('a built-in whose cost grows with the square of its input', () => {
  it.each([
    [
      '$formatNumber',
      '{% $formatNumber(1, $input.p) %}',
      `${'#,'.repeat(20_000)}0`,
      '$formatNumber would read a picture of 40001 characters',
    ],
    [
      '$formatNumber with a long exponent',
      '{% $formatNumber(1, $input.p) %}',
      `0.0e${'0'.repeat(9_000)}`,
      '$formatNumber would read a picture of 9004 characters',
    ],
    [
      '$formatInteger',
      '{% $formatInteger(1, $input.p) %}',
      `${'0,'.repeat(80_000)}0`,
      '$formatInteger would read a picture of 160001 characters',
    ],
    [
      '$parseInteger',
      '{% $string($parseInteger("1", $input.p)) %}',
      `${'0,'.repeat(80_000)}0`,
      '$parseInteger would read a picture of 160001 characters',
    ],
    [
      '$toMillis',
      '{% $string($toMillis("1", $input.p)) %}',
      `[Y${'0,'.repeat(80_000)}0]`,
      '$toMillis would read a picture of 160004 characters',
    ],
    [
      '$fromMillis',
      '{% $fromMillis(0, $input.p) %}',
      `[Y${'0,'.repeat(80_000)}0]`,
      '$fromMillis would read a picture of 160004 characters',
    ],
  ])(
    'refuses a picture over 1,000 characters with an expression error: %s',
    async (_builtin, expression, p, says) => {
      const result = await runEcho(expression, { p });
      expect(result.error).toMatchObject(where);
      expect(result.error?.message).toContain(says);
      expect(result.error?.message).toContain('over the 1000 limit of an expression');
    },
    10_000,
  );

  it('still formats with a real picture', async () => {
    const result = await runEcho(
      '{% $formatNumber(1234567.891, "#,##0.00") & " " & $formatInteger(42, "w") %}',
    );
    expect(result.steps[0].result).toEqual({ text: '1,234,567.89 forty-two' });
  });

  it('finds the distinct items of 300,000 numbers without comparing every pair', async () => {
    // The pairwise version took 28 s here, past the test's own limit; a slow machine must not turn the
    // expression's 1 s guard into the verdict, so it is lifted.
    const result = await runEcho(
      '{% ($count := $count($distinct($append([1..150000], [1..150000]))); $string($count)) %}',
      {},
      { timeoutMs: 60_000 },
    );
    expect(result.steps[0]).toMatchObject({ status: 'succeeded', result: { text: '150000' } });
  }, 10_000);

  it('keeps the meaning of $distinct: deep equality, first occurrences, in order', async () => {
    const result = await runEcho(
      '{% $string($distinct([1, "1", {"a": 1, "b": [2]}, [1], {"b": [2], "a": 1}, 1, [1], "[ 1]", null, null])) %}',
    );
    expect(result.steps[0].result).toEqual({ text: '[1,"1",{"a":1,"b":[2]},[1],"[ 1]",null]' });
  });
});
