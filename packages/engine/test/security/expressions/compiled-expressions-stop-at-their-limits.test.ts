import { describe, expect, it } from '@jest/globals';
import jsonata from 'jsonata';
import type { JsonataNode } from '../../../src/expressions/compiled-expression.js';
import { compileJsonata, type Program } from '../../../src/expressions/compiler/index.js';
import { ExpressionLimitError, type ExpressionLimits } from '../../../src/expressions/expression-limits.js';

/**
 * A compiled expression runs synchronously, with no interpreter between its nodes to watch it: the
 * compiled code itself stops a runaway (the clock read at loop turns and calls), a recursion too deep
 * (the interpreter's depth, counted per node), and an array or string that would grow past its limit.
 */
const LIMITS = { timeoutMs: 1000, maxDepth: 300, maxStringLength: 1000, maxArrayLength: 1000 };

function compiled(expression: string, limits: Partial<ExpressionLimits> = {}): Program {
  const tree = jsonata(expression).ast() as unknown as JsonataNode;
  const result = compileJsonata(tree, { limits: { ...LIMITS, ...limits } });
  if (!result.ok) throw new Error(`Not compiled: ${result.reason}`);
  return result.program;
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the program to throw');
}

describe('a compiled expression', () => {
  it('is stopped at its timeout when it never ends (D1012)', () => {
    const program = compiled('($loop := function($n){ $loop($n + 1) }; $loop(0))', { timeoutMs: 50 });
    expect(thrown(() => program(undefined, {}))).toMatchObject({
      code: 'D1012',
      value: 50,
      message: 'Evaluation timeout after 50 milliseconds. Check for infinite loop',
    });
  });

  it('is stopped at its timeout inside a higher-order function over a long array', () => {
    const program = compiled('$reduce([1..1000000], function($total, $n){ $total + $sum([1..100]) })', {
      timeoutMs: 20,
      maxArrayLength: 10_000_000,
    });
    expect(thrown(() => program(undefined, {}))).toMatchObject({ code: 'D1012', value: 20 });
  });

  it('is stopped past its depth when it recurses without end (D1011, as JSONata`s stack option)', () => {
    const program = compiled('($deeper := function($n){ 1 + $deeper($n + 1) }; $deeper(0))');
    expect(thrown(() => program(undefined, {}))).toMatchObject({ code: 'D1011', value: 300 });
  });

  it('counts the depth as the interpreter does: the same recursion passes at one level more', () => {
    const factorial = '($f := function($n){ $n = 0 ? 1 : $n * $f($n - 1) }; $f(99))';
    expect(thrown(() => compiled(factorial, { maxDepth: 301 })(undefined, {}))).toMatchObject({
      code: 'D1011',
    });
    expect(compiled(factorial, { maxDepth: 302 })(undefined, {})).toBeCloseTo(9.33262154439441e155);
  });

  it('refuses to build an array past its limit (D2015), however it builds it', () => {
    const limits = { maxArrayLength: 10 };
    const bindings = { eleven: Array.from({ length: 11 }, (_, index) => index) };
    for (const expression of [
      '[1..11]',
      '[1..6, 1..6]',
      '$map($eleven, function($n){ $n })',
      '$filter($eleven, function($n){ true })',
      '$eleven.$',
      '[1..4].$map([1..3], function($m){ $m })',
      '$split("a,b,c,d,e,f,g,h,i,j,k", ",")',
      '$append([1..6], [1..6])',
      '$match("aaaaaaaaaaaa", /a/)',
    ]) {
      const error = thrown(() => compiled(expression, limits)(undefined, bindings));
      expect([expression, error]).toEqual([
        expression,
        expect.objectContaining(
          error instanceof ExpressionLimitError ? { kind: 'array' } : { code: 'D2015' },
        ),
      ]);
    }
    expect(compiled('$map([1..5], function($n){ [$n, $n] })', limits)(undefined, {})).toHaveLength(5);
  });

  it('refuses to build a string past its limit, before building it', () => {
    const limits = { maxStringLength: 10 };
    for (const expression of [
      '"abcdef" & "ghijkl"',
      '$string([1, 2, 3, 4, 5, 6]) & ""',
      '$replace("aaaaaa", /a/, "bb")',
      '$replace("aaaaaa", "a", "bb")',
    ]) {
      const error = thrown(() => compiled(expression, limits)(undefined, {}));
      expect([expression, error]).toEqual([expression, expect.any(ExpressionLimitError)]);
    }
    expect(compiled('"abcde" & "fghij"', limits)(undefined, {})).toBe('abcdefghij');
  });
});
