import { describe, expect, it } from '@jest/globals';
import { account, MemoryVault } from '../fixtures/validation/memory-vault.js';
import { positionOf, problemsOf, text } from './load-helpers.js';

/** Three problems the schema cannot see, after whatever shape problem a test puts first. */
const otherProblems = [
  { id: 'typo', step: 'code.search_isues', args: { q: 'x' } },
  { id: 'reads', assign: { v: '{% $nope %}' } },
  { id: 'ticket', step: 'tickets.create_ticket', args: { subject: 'Hi', priority: 'high' } },
];

const summary = (problems: Awaited<ReturnType<typeof problemsOf>>) =>
  problems.map(({ code, pointer }) => [code, pointer]);

describe('a workflow with a shape problem and other problems', () => {
  it('reports a literal non-array forEach.items with every other problem, each where it is', async () => {
    const source = text({
      id: 'flow',
      steps: [
        { id: 'loop', forEach: { items: 'abc', steps: [{ id: 'each', assign: { seen: '{% $item %}' } }] } },
        ...otherProblems,
      ],
    });
    const problems = await problemsOf(source);
    expect(summary(problems)).toEqual([
      ['foreach-items', '/steps/0/forEach/items'],
      ['unknown-step', '/steps/1/step'],
      ['unknown-variable', '/steps/2/assign/v'],
      ['invalid-args', '/steps/3/args/priority'],
    ]);
    expect(problems[0]).toMatchObject(positionOf(source, '"abc"'));
    expect(problems[1]).toMatchObject(positionOf(source, '"code.search_isues"'));
    expect(problems[2]).toMatchObject(positionOf(source, '"{% $nope %}"', 4));
    expect(problems[3]).toMatchObject(positionOf(source, '"high"'));
  });

  it('still checks the body of a loop whose items the schema refused', async () => {
    const source = text({
      id: 'flow',
      steps: [
        { id: 'loop', forEach: { items: 5, steps: [{ id: 'each', assign: { v: '{% $missing %}' } }] } },
      ],
    });
    expect(summary(await problemsOf(source))).toEqual([
      ['foreach-items', '/steps/0/forEach/items'],
      ['unknown-variable', '/steps/0/forEach/steps/0/assign/v'],
    ]);
  });

  it('reports an unknown key on a step, with the key it meant, and every other problem', async () => {
    const source = text({
      id: 'flow',
      steps: [
        { id: 'search', step: 'code.search_issues', args: { q: 'x' }, retires: { maxAttempts: 2 } },
        ...otherProblems,
      ],
    });
    const problems = await problemsOf(source);
    expect(summary(problems)).toEqual([
      ['unknown-property', '/steps/0'],
      ['unknown-step', '/steps/1/step'],
      ['unknown-variable', '/steps/2/assign/v'],
      ['invalid-args', '/steps/3/args/priority'],
    ]);
    expect(problems[0]).toMatchObject({
      message: 'unknown property "retires" (did you mean "retry"?)',
      ...positionOf(source, '"retires"'),
    });
  });

  it('reads a key written in the plural as the singular one it meant', async () => {
    const source = text({ id: 'flow', steps: [{ id: 'a', assign: { x: 1 }, retries: { maxAttempts: 2 } }] });
    const [problem] = await problemsOf(source);
    expect(problem.message).toBe('unknown property "retries" (did you mean "retry"?)');
  });

  it('adds no echo of a shape problem: no args check without a step kind or with args that are no object', async () => {
    const source = text({
      id: 'flow',
      steps: [
        { id: 'kindless', stpe: 'code.search_issues', args: { q: 'x' } },
        { id: 'flat', step: 'code.search_issues', args: 'q=x' },
        { step: 'code.search_issues', args: { q: 'x' } },
        { step: 'code.search_issues', args: { q: 'x' } },
        { id: 'later', assign: { ok: '{% $steps.kindless.status %}' } },
      ],
    });
    expect(summary(await problemsOf(source))).toEqual([
      ['unknown-property', '/steps/0'],
      ['shape', '/steps/1/args'],
      ['shape', '/steps/2'],
      ['shape', '/steps/3'],
    ]);
  });

  it('judges no account the schema refused, and still judges the others', async () => {
    const vault = new MemoryVault([
      account('acc_1', 'tickets', 'acme-support'),
      account('acc_2', 'tickets', 'beta-support'),
    ]);
    const source = text({
      id: 'flow',
      steps: [
        { id: 'one', step: 'tickets.create_ticket', account: 7, args: { subject: 'Hi' } },
        { id: 'two', step: 'tickets.create_ticket', account: 'acme-suport', args: { subject: 'Hi' } },
      ],
    });
    expect(summary(await problemsOf(source, { vault }))).toEqual([
      ['shape', '/steps/0/account'],
      ['unknown-account', '/steps/1/account'],
    ]);
  });

  it('reports only the shape problem when there are no steps to check', async () => {
    const source = text({ id: 'flow', steps: 'all of them', output: '{% $steps.a %}' });
    expect(summary(await problemsOf(source))).toEqual([['shape', '/steps']]);
  });
});

describe('"on" of a catch handler', () => {
  it('points a listed "*" at the form that catches every error code', async () => {
    const source = text({
      id: 'flow',
      steps: [
        {
          id: 'a',
          step: 'code.search_issues',
          args: { q: 'x' },
          catch: [{ on: ['*'], then: 'continue', assign: { missed: '{% $error.message %}' } }],
        },
        { id: 'b', assign: { later: '{% $missed %}' } },
      ],
    });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'shape',
        pointer: '/steps/0/catch/0/on/0',
        message:
          '"*" is not an error code to list: write "on": "*" (not in a list) to catch every error code',
        ...positionOf(source, '"*"'),
      }),
    ]);
  });
});
