import { describe, expect, it } from '@jest/globals';
import type { CompiledExpression, JsonataNode } from '../../../src/expressions/compiled-expression.js';
import { expressionFacts } from '../../../src/expressions/expression-facts.js';
import { loadWorkflow } from '../../../src/workflow/index.js';
import { positionOf, registry, text } from '../../workflow/load-helpers.js';

const chain = (operands: number) => `{% ${Array(operands).fill('"a"').join(' & ')} %}`;
const parentheses = (depth: number) => `{% ${'('.repeat(depth)}1${')'.repeat(depth)} %}`;

const NESTED_TOO_DEEPLY =
  'invalid expression: it is nested too deeply (too many operators, brackets or parentheses in one chain); split it with variables';

describe('an expression nested thousands of levels deep', () => {
  it.each([
    ['a chain of 5,000 "&"', chain(5_000)],
    ['2,000 parentheses', parentheses(2_000)],
  ])('%s is loaded, or refused as nested too deeply, but never crashes the checks', async (_, expression) => {
    const source = text({ id: 'flow', steps: [{ id: 's', assign: { v: expression } }] });

    const result = await loadWorkflow({ text: source, file: 'flow.json' }, { registry });

    // JSONata parses this depth with some stack to spare (how much depends on the caller): the checks must too.
    expect(result.diagnostics.map((d) => d.message)).toEqual(result.ok ? [] : [NESTED_TOO_DEEPLY]);
  });

  it.each([
    ['a chain of 20,000 "&"', chain(20_000)],
    ['20,000 parentheses', parentheses(20_000)],
  ])(
    '%s that JSONata cannot parse is an expression-syntax diagnostic at its start',
    async (_, expression) => {
      const source = text({ id: 'flow', steps: [{ id: 's', assign: { v: expression, w: '{% 1 %}' } }] });

      const result = await loadWorkflow({ text: source, file: 'flow.json' }, { registry });

      expect(result.diagnostics).toEqual([
        {
          code: 'expression-syntax',
          pointer: '/steps/0/assign/v',
          message: NESTED_TOO_DEEPLY,
          file: 'flow.json',
          ...positionOf(source, '"{% ', 3),
        },
      ]);
    },
  );

  it('is read by the static checks without recursion, in file order', () => {
    // `$a0 + $a1 + …` as JSONata parses it: left-nested, 100,000 levels deep.
    let tree: JsonataNode = { type: 'variable', value: 'a0', position: 7 };
    for (let index = 1; index < 100_000; index++) {
      const rhs = { type: 'variable', value: `a${index}`, position: 7 };
      tree = { type: 'binary', value: '+', lhs: tree, rhs, position: 7 };
    }
    const expression = { source: '{% … %}', ast: () => tree } as unknown as CompiledExpression;

    const facts = expressionFacts(expression);

    expect(facts.reads).toHaveLength(100_000);
    expect(facts.reads.slice(0, 3).map((read) => read.name)).toEqual(['a0', 'a1', 'a2']);
    expect(facts.kind).toBe('number');
  });
});
