import { describe, expect, it } from '@jest/globals';
import { loadWorkflow } from '../../src/workflow/index.js';
import { positionOf, problemsOf, registry, text } from './load-helpers.js';

const flow = (args: Record<string, unknown> | undefined) =>
  text({ id: 'flow', steps: [{ id: 'ticket', step: 'tickets.create_ticket', ...(args ? { args } : {}) }] });

describe("literal args checked against the step's input schema", () => {
  it('points into args at a value the step does not accept', async () => {
    const source = flow({ subject: 'Broken build', priority: 'urgnt' });
    expect(await problemsOf(source)).toEqual([
      {
        code: 'invalid-args',
        pointer: '/steps/0/args/priority',
        message: 'must be "low", "normal" or "urgent" (got "urgnt") (input of tickets.create_ticket)',
        file: 'flow.json',
        ...positionOf(source, '"urgnt"'),
      },
    ]);
  });

  it('reports every literal mistake, deep ones included', async () => {
    const source = flow({ subject: '', tags: ['ops', 7], assignee_id: 1.5, colour: 'red' });
    const problems = await problemsOf(source);
    expect(problems.map(({ pointer, message }) => `${pointer} ${message}`)).toEqual([
      '/steps/0/args/subject must be at least 1 character long (got "") (input of tickets.create_ticket)',
      '/steps/0/args/tags/1 must be a string (got 7) (input of tickets.create_ticket)',
      '/steps/0/args/assignee_id must be a whole number (got 1.5) (input of tickets.create_ticket)',
      '/steps/0/args unknown property "colour" (allowed: subject, priority, tags, assignee_id) (input of tickets.create_ticket)',
    ]);
    expect(problems.find((problem) => problem.message.startsWith('unknown property'))).toMatchObject(
      positionOf(source, '"colour"'),
    );
  });

  it('names a required input that is missing, also when args are left out', async () => {
    const withArgs = await problemsOf(flow({ priority: 'low' }));
    expect(withArgs).toEqual([
      expect.objectContaining({
        code: 'invalid-args',
        pointer: '/steps/0/args',
        message: 'missing required property "subject" (input of tickets.create_ticket)',
      }),
    ]);
    const source = flow(undefined);
    const [missing] = await problemsOf(source);
    expect(missing).toMatchObject({
      pointer: '/steps/0/args',
      ...positionOf(source, '{\n      "id": "ticket"'),
    });
  });

  it('leaves values given by expressions to run time, required ones included', async () => {
    const source = flow({
      subject: '{% $input.title %}',
      priority: '{% $input.urgent ? "urgent" : "low" %}',
      tags: ['ops', '{% $input.team %}'],
    });
    expect((await loadWorkflow({ text: source }, { registry })).ok).toBe(true);
  });

  it('judges a union of shapes only when no expression decides which one applies', async () => {
    const find = (who: unknown) =>
      text({ id: 'flow', steps: [{ id: 'user', step: 'tickets.find_user', args: { who } }] });
    expect((await loadWorkflow({ text: find({ id: '{% $input.userId %}' }) }, { registry })).ok).toBe(true);
    expect((await loadWorkflow({ text: find({ email: 'ann@example.com' }) }, { registry })).ok).toBe(true);
    const problems = await problemsOf(find({ email: 'not an address' }));
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'invalid-args',
        pointer: '/steps/0/args/who/email',
        message: 'must be a valid email (got "not an address") (input of tickets.find_user)',
      }),
    ]);
  });
});
