import { describe, expect, it } from '@jest/globals';
import { formatDiagnostic } from '../../src/workflow/index.js';
import { positionOf, problemsOf, text } from './load-helpers.js';

describe('a workflow whose shape breaks the workflow schema', () => {
  it('names an unknown property, suggests the intended one and points at the property', async () => {
    const source = text({
      id: 'flow',
      steps: [{ id: 'found', stpe: 'code.search_issues', args: { q: 'x' } }],
    });
    const problems = await problemsOf(source);
    expect(problems).toEqual([
      {
        code: 'unknown-property',
        pointer: '/steps/0',
        message: 'unknown property "stpe" (did you mean "step"?)',
        file: 'flow.json',
        ...positionOf(source, '"stpe"'),
      },
    ]);
    expect(formatDiagnostic(problems[0])).toBe(
      'flow.json:6:7 /steps/0 unknown property "stpe" (did you mean "step"?)',
    );
  });

  it('lists the allowed properties when nothing is close', async () => {
    const source = text({ id: 'flow', steps: [{ id: 'a', assign: { x: 1 } }], colour: 'blue' });
    const [problem] = await problemsOf(source);
    expect(problem.message).toBe(
      'unknown property "colour" (allowed: $schema, id, title, description, input, defaults, timeout, steps, output)',
    );
    expect(problem).toMatchObject({
      code: 'unknown-property',
      pointer: '',
      ...positionOf(source, '"colour"'),
    });
  });

  it('says in one message that a step needs a kind, when it has none', async () => {
    const source = text({ id: 'flow', steps: [{ id: 'lonely', title: 'Does nothing' }] });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'step-kind',
        pointer: '/steps/0',
        message:
          'a step needs one of "step" (a catalog step), "forEach" (a loop), "parallel" (branches) or "assign"',
        ...positionOf(source, '{\n      "id": "lonely"'),
      }),
    ]);
  });

  it('says in one message that a step cannot be two kinds at once', async () => {
    const source = text({
      id: 'flow',
      steps: [
        {
          id: 'both',
          step: 'code.search_issues',
          args: { q: 'x' },
          forEach: { items: [1], steps: [{ id: 'x', assign: { a: 1 } }] },
        },
      ],
    });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'step-kind',
        pointer: '/steps/0',
        message:
          'a step is one kind of thing, but this one has "step" and "forEach"; split it into separate steps',
        ...positionOf(source, '{\n      "id": "both"'),
      }),
    ]);
  });

  it('says only "must be an object" of a step that is not one, null included', async () => {
    const source = text({ id: 'flow', steps: [5, null, [], { id: 'fine', assign: { a: 1 } }] });
    expect((await problemsOf(source)).map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      ['shape', '/steps/0', 'must be an object (got 5)'],
      ['shape', '/steps/1', 'must be an object (got null)'],
      ['shape', '/steps/2', 'must be an object (got an array)'],
    ]);
  });

  it('refuses forEach items that are a literal non-array', async () => {
    const source = text({
      id: 'flow',
      steps: [{ id: 'loop', forEach: { items: 'abc', steps: [{ id: 'x', assign: { a: 1 } }] } }],
    });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'foreach-items',
        pointer: '/steps/0/forEach/items',
        message: 'forEach.items must be an array or a {% … %} expression that yields one (got "abc")',
        ...positionOf(source, '"abc"'),
      }),
    ]);
  });

  it('suggests the error code a catch handler meant', async () => {
    const source = text({
      id: 'flow',
      steps: [
        {
          id: 'a',
          step: 'code.search_issues',
          args: { q: 'x' },
          catch: [{ on: ['rate_limted'], then: 'continue' }],
        },
      ],
    });
    const [problem] = await problemsOf(source);
    expect(problem).toMatchObject({
      code: 'shape',
      pointer: '/steps/0/catch/0/on/0',
      ...positionOf(source, '"rate_limted"'),
    });
    expect(problem.message).toMatch(
      /^must be one of "validation", .* \(got "rate_limted"\) \(did you mean "rate_limited"\?\)$/,
    );
  });

  it('says once what a listed error code must be, even when it is not a string', async () => {
    const source = text({
      id: 'flow',
      defaults: { retry: { on: [429] } },
      steps: [{ id: 'a', assign: { x: 1 } }],
    });
    const problems = await problemsOf(source);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'shape', pointer: '/defaults/retry/on/0' });
    expect(problems[0].message).toMatch(/^must be one of "validation", .* \(got 429\)$/);
  });

  it('describes each wrong value by what would be right, all at once', async () => {
    const source = text({
      id: 'flow',
      steps: [
        {
          id: 'a b',
          step: 'code.search_issues',
          args: { q: 'x' },
          if: 'true',
          timeout: '30 sec',
          retry: { backoff: 'linear', maxAttempts: 0 },
          assign: { 'my-var': 1 },
        },
      ],
    });
    const problems = await problemsOf(source);
    expect(problems.map(({ pointer, message }) => `${pointer} ${message}`)).toEqual([
      '/steps/0/id must match the pattern ^[A-Za-z_][A-Za-z0-9_]*$ (got "a b")',
      '/steps/0/if must be a {% … %} expression or true or false (got "true")',
      '/steps/0/timeout must be a whole number ≥ 1 or a string (e.g. "500ms", "30s", "2m") (got "30 sec")',
      '/steps/0/retry/backoff must be "fixed" or "exponential" (got "linear")',
      '/steps/0/retry/maxAttempts must be >= 1 (got 0)',
      '/steps/0/assign "my-var" is not an allowed name here (names must match ^[A-Za-z_][A-Za-z0-9_]*$)',
    ]);
    expect(problems[5]).toMatchObject({ code: 'unknown-property', ...positionOf(source, '"my-var"') });
  });

  it('names a missing required property at the object that lacks it', async () => {
    const source = text({ steps: [{ id: 'a', assign: { x: 1 } }] });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'shape',
        pointer: '',
        message: 'missing required property "id"',
        line: 1,
        column: 1,
      }),
    ]);
  });
});
