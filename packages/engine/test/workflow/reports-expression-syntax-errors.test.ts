import { describe, expect, it } from '@jest/globals';
import { positionOf, problemsOf, text } from './load-helpers.js';

describe('an expression that does not parse', () => {
  it('is reported at the column of the error inside the expression string', async () => {
    const source = text({
      id: 'flow',
      steps: [{ id: 'a', step: 'code.search_issues', args: { q: "{% 'repo:' & & $input.repo %}" } }],
    });
    const [problem, ...rest] = await problemsOf(source);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      code: 'expression-syntax',
      pointer: '/steps/0/args/q',
      message: 'invalid expression: The symbol "&" cannot be used as a unary operator',
      // The second "&" is the one JSONata cannot read.
      ...positionOf(source, '& $input', 0),
    });
  });

  it('finds the column past escapes inside the JSON string', async () => {
    const source = '{ "id": "flow", "steps": [{ "id": "a", "assign": { "x": "{% \\"a\\" & } %}" } }] }';
    const [problem] = await problemsOf(source);
    // `{% "a" & } %}` fails at the "}", which sits after two escaped quotes in the raw text.
    expect(problem).toMatchObject({
      code: 'expression-syntax',
      pointer: '/steps/0/assign/x',
      line: 1,
      column: source.indexOf('} %}') + 1,
    });
  });

  it('collects every broken expression, not just the first', async () => {
    const source = text({
      id: 'flow',
      steps: [
        { id: 'a', assign: { x: '{% 1 + %}' } },
        { id: 'b', if: '{% ( %}', assign: { y: '{% [1, 2 %}' } },
      ],
      output: '{% $x.. %}',
    });
    const problems = await problemsOf(source);
    expect(problems.map((problem) => problem.pointer)).toEqual([
      '/steps/0/assign/x',
      '/steps/1/if',
      '/steps/1/assign/y',
      '/output',
    ]);
    expect(problems.every((problem) => problem.code === 'expression-syntax')).toBe(true);
  });
});
