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
