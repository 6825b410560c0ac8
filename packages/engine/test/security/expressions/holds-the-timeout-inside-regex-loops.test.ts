import { describe, expect, it } from '@jest/globals';
import { runEcho } from './support/run-expression.js';

/**
 * JSONata checks its timeout as it enters each node of the expression; a $replace over two million
 * matches is a single node, so it used to run to its end whatever the limit. The check is now
 * also made at each match.
 */
const long = { s: 'a'.repeat(2_000_000) };
const limits = { timeoutMs: 50 };

describe('a regex loop over a long text', () => {
  it.each([
    ['$replace', '{% $replace($input.s, /a/, "b") %}'],
    ['$split', '{% $string($count($split($input.s, /a/))) %}'],
    ['$match', '{% $string($count($match($input.s, /a/))) %}'],
  ])(
    'is stopped at the timeout of the expression: %s',
    async (_builtin, expression) => {
      const result = await runEcho(expression, long, limits);
      expect(result.error).toMatchObject({ code: 'expression', step: 'greet', field: '/steps/0/args/text' });
      expect(result.error?.message).toContain('Evaluation timeout after 50 milliseconds');
    },
    10_000,
  );
});
