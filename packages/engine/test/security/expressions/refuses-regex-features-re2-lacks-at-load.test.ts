import { describe, expect, it } from '@jest/globals';
import { compileExpression, ExpressionSyntaxError } from '../../../src/expressions/expression.js';
import { validateEcho } from './support/run-expression.js';

describe('a regex using what RE2 cannot match in linear time', () => {
  it.each([
    ['a backreference', '/(a)\\1/', 'uses a backreference'],
    ['a lookahead', '/a(?=b)/', 'uses a lookahead'],
    ['a lookbehind', '/(?<!a)b/', 'uses a lookbehind'],
  ])('is refused when the workflow is loaded: %s', async (_feature, regex, says) => {
    const result = await validateEcho(`{% $match($input.s, ${regex}) %}`);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.diagnostics).toEqual([
      expect.objectContaining({ code: 'expression-syntax', pointer: '/steps/0/args/text' }),
    ]);
    const message = result.ok ? '' : result.diagnostics[0].message;
    expect(message).toContain(says);
    expect(message).toContain('RE2');
  });

  it('is refused by compileExpression too, so no unchecked regex ever runs', () => {
    expect(() => compileExpression('{% $replace($input.s, /(\\w+) \\1/, "$1") %}')).toThrow(
      ExpressionSyntaxError,
    );
  });

  it('is not confused with an escaped backslash followed by a digit, which RE2 accepts', async () => {
    const result = await validateEcho('{% $string($contains($input.s, /a\\\\1/)) %}');
    expect(result.ok).toBe(true);
  });
});
