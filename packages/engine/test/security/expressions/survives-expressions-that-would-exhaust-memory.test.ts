import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, 'support', 'evaluate-in-child.ts');

/**
 * Each expression is evaluated, under the default limits, in a child Node with a 256 MB heap:
 * before the limits, every one of them ended that process with a fatal out-of-memory error
 * (exit 134), which no try/catch can stop. Now each ends in an `expression` error, and the child
 * exits normally.
 */
async function evaluateInSmallHeap(expression: string, input: unknown = {}) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--max-old-space-size=256', '--import', 'tsx', script, `{% ${expression} %}`, JSON.stringify(input)],
    { cwd: here, timeout: 25_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
}

const doubling = (seed: string, times: number, then: string) =>
  `($twice := function($s, $n) { $n = 0 ? $s : $twice($s & $s, $n - 1) }; ${then}($twice(${seed}, ${times})))`;
const shared = (levels: number) => {
  const names = Array.from({ length: levels }, (_, index) => `$v${index}`);
  const nesting = names
    .slice(1)
    .map((name, index) => `${name} := {"a": ${names[index]}, "b": ${names[index]}}`);
  return `(${names[0]} := $pad("", 1000000); ${nesting.join('; ')}; $length($string(${names.at(-1)})))`;
};

describe('an expression that would exhaust the memory of the host', () => {
  it.each([
    [
      '$pad to a width from the input',
      '$pad($input.name, $input.width)',
      { name: 'x', width: 150_000_000 },
      '$pad would build a string of 150000000 characters',
    ],
    [
      '$pad to a huge width',
      "$length($pad('x', 1.2e8))",
      {},
      '$pad would build a string of 120000000 characters',
    ],
    [
      '& doubling a string',
      doubling('$pad("", 1000000, "a")', 9, '$uppercase'),
      {},
      '& would build a string of 16000000 characters',
    ],
    [
      '$string of a value sharing one object',
      shared(9),
      {},
      '$string would build a string of more than 10000000 characters',
    ],
    [
      '$replace repeating each match',
      `$length($replace($pad('', 1000000, 'a'), /a/, '${'$0'.repeat(400)}'))`,
      {},
      '$replace would build a string of',
    ],
    [
      'a path over ranges',
      '$count([1..9999999].([1..9999999]))',
      {},
      'would build an array of more than 1000000 items',
    ],
    [
      '$fromMillis padding many markers, each under the limit',
      `$length($fromMillis(0, "${'[Y,9000000-9000000]'.repeat(50)}"))`,
      {},
      '$fromMillis would build a string of',
    ],
    [
      '$uppercase tripling a string, then $length',
      '$length($uppercase($pad("", 9999999, "ΐ")))',
      {},
      '$uppercase would build a string of 29999997 characters',
    ],
    [
      '$encodeUrlComponent of a string of three-byte characters',
      '$length($encodeUrlComponent($pad("", 9999999, "丁")))',
      {},
      '$encodeUrlComponent would build a string of 89999991 characters',
    ],
  ])(
    'ends in a clear expression error, not a crash: %s',
    async (_case, expression, input, says) => {
      const outcome = await evaluateInSmallHeap(expression, input);
      expect(outcome).toMatchObject({
        ok: false,
        stepError: true,
        code: 'expression',
        step: 'greet',
        field: '/steps/0/args/text',
      });
      expect(outcome.message).toContain(says);
      expect(outcome.message).toContain('limit of an expression');
    },
    30_000,
  );
});

describe('a long string within the limits', () => {
  it.each([
    ['$length', '$length($pad("", 9999999, "ΐ"))', 9_999_999],
    ['$substring', '$length($substring($pad("", 9999999, "ΐ"), 5, 3))', 3],
    ['$pad with an astral filler', '$length($pad("", 4000000, "😀"))', 4_000_000],
  ])(
    'is counted and cut in code points without exhausting memory: %s',
    async (_builtin, expression, expected) => {
      const outcome = await evaluateInSmallHeap(expression);
      expect(outcome).toEqual({ ok: true, value: expected });
    },
    30_000,
  );
});
