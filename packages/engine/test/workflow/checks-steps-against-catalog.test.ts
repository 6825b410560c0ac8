import { describe, expect, it } from '@jest/globals';
import { positionOf, problemsOf, text } from './load-helpers.js';

describe('steps checked against the installed catalog', () => {
  it('refuses a step id used twice, even inside a forEach or a parallel branch', async () => {
    const source = text({
      id: 'flow',
      steps: [
        { id: 'found', step: 'code.search_issues', args: { q: 'x' } },
        { id: 'loop', forEach: { items: [1], steps: [{ id: 'found', assign: { a: 1 } }] } },
        { id: 'both', parallel: [[{ id: 'loop', assign: { b: 1 } }], [{ id: 'c', assign: { c: 1 } }]] },
      ],
    });
    const problems = await problemsOf(source);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'duplicate-step-id',
        pointer: '/steps/1/forEach/steps/0/id',
        message:
          'step id "found" is already used by the step at /steps/0; step ids must be unique in the workflow',
        ...positionOf(
          source,
          '"found"',
          source.indexOf('"found"', source.indexOf('"loop"')) - source.indexOf('"found"'),
        ),
      }),
      expect.objectContaining({
        code: 'duplicate-step-id',
        pointer: '/steps/2/parallel/0/0/id',
        message:
          'step id "loop" is already used by the step at /steps/1; step ids must be unique in the workflow',
      }),
    ]);
  });

  it('suggests the catalog step a misspelt id meant', async () => {
    const source = text({
      id: 'flow',
      steps: [{ id: 'a', step: 'tickets.create_tiket', args: { subject: 'Hi' } }],
    });
    expect(await problemsOf(source)).toEqual([
      {
        code: 'unknown-step',
        pointer: '/steps/0/step',
        message: 'unknown step "tickets.create_tiket" (did you mean "tickets.create_ticket"?)',
        hint: 'list the installed steps with `toolsteps steps`',
        file: 'flow.json',
        ...positionOf(source, '"tickets.create_tiket"'),
      },
    ]);
  });

  it('says when the integration of an unknown step is not installed', async () => {
    const source = text({ id: 'flow', steps: [{ id: 'a', step: 'jira.create_issue' }] });
    const [problem] = await problemsOf(source);
    expect(problem.message).toBe(
      'unknown step "jira.create_issue": no integration "jira" is installed (installed: tickets, code)',
    );
  });

  it('suggests a step of the integration a misspelt prefix meant', async () => {
    const misspelt = await problemsOf(
      text({ id: 'flow', steps: [{ id: 'a', step: 'tikets.search_tickets' }] }),
    );
    expect(misspelt[0].message).toBe(
      'unknown step "tikets.search_tickets" (did you mean "tickets.search_tickets"?)',
    );
    const missing = await problemsOf(
      text({ id: 'flow', steps: [{ id: 'a', step: 'code.merge_everything' }] }),
    );
    expect(missing[0].message).toBe(
      'unknown step "code.merge_everything": integration "code" has no such step',
    );
  });

  it('refuses an unavailable step and says why it is unavailable', async () => {
    const source = text({ id: 'flow', steps: [{ id: 'wipe', step: 'tickets.delete_all' }] });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'step-unavailable',
        pointer: '/steps/0/step',
        message: 'step "tickets.delete_all" is unavailable: announced as being worked on',
        ...positionOf(source, '"tickets.delete_all"'),
      }),
    ]);
  });

  it('refuses args or account on a step that runs no catalog step', async () => {
    const source = text({
      id: 'flow',
      steps: [{ id: 'only', assign: { x: 1 }, args: { q: 'x' }, account: 'acme' }],
    });
    const problems = await problemsOf(source);
    expect(problems.map((problem) => [problem.code, problem.pointer, problem.line])).toEqual([
      ['field-without-step', '/steps/0/args', positionOf(source, '"args"').line],
      ['field-without-step', '/steps/0/account', positionOf(source, '"account"').line],
    ]);
    expect(problems[0].message).toBe(
      '"args" only applies to a step that runs a catalog step ("step"); this one would ignore it',
    );
  });

  it('refuses a default account for an integration that is not installed', async () => {
    const source = text({
      id: 'flow',
      defaults: { accounts: { tiket: 'acme' } },
      steps: [{ id: 'a', assign: { x: 1 } }],
    });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'unknown-integration',
        pointer: '/defaults/accounts/tiket',
        message: 'defaults.accounts names unknown integration "tiket" (did you mean "tickets"?)',
        hint: 'installed integrations: tickets, code',
        ...positionOf(source, '"tiket"'),
      }),
    ]);
  });
});
