import { describe, expect, it } from '@jest/globals';
import { describedSchemaCheck, schemaCheck } from '@toolsteps/sdk/schema';
import { createEngine } from '../../src/index.js';
import tickets from '../fixtures/validation/tickets-integration.js';

const account = {
  id: 'tickets-1',
  integration: 'tickets',
  name: 'Tickets',
  settings: { subdomain: 'acme' },
  credentials: { token: 't' },
};

/** One ticket whose assignee and priority come from the args as written, or from the run input. */
const workflow = (assignee: unknown, priority: unknown = 'low') => ({
  text: JSON.stringify({
    id: 'open-ticket',
    steps: [
      {
        id: 'open',
        step: 'tickets.create_ticket',
        args: { subject: 'Printer on fire', assignee_id: assignee, priority },
      },
    ],
  }),
});

describe('a step input error reads the same at run time as in `validate`', () => {
  it('names the rule in words and the value it got', async () => {
    const engine = await createEngine({ integrations: [tickets], accounts: [account] });

    const validated = await engine.validate(workflow('seven'));
    expect(validated.ok).toBe(false);
    const atLoad = validated.ok ? [] : validated.diagnostics.map((diagnostic) => diagnostic.message);
    expect(atLoad).toEqual(['must be a whole number (got "seven") (input of tickets.create_ticket)']);

    const result = await engine.run(workflow('{% $input.assignee %}'), { assignee: 'seven' });
    expect(result.error).toMatchObject({
      code: 'validation',
      step: 'open',
      field: '/steps/0/args/assignee_id',
    });
    expect(result.error?.message).toBe(
      'Invalid input for tickets.create_ticket: args/assignee_id must be a whole number (got "seven")',
    );
  });

  it('reports every problem of the args at once, each with its value', async () => {
    const engine = await createEngine({ integrations: [tickets], accounts: [account] });
    const result = await engine.run(workflow('{% $input.assignee %}', '{% $input.priority %}'), {
      assignee: 7.5,
      priority: 'urgnet',
    });
    expect(result.error?.message).toBe(
      'Invalid input for tickets.create_ticket: args/assignee_id must be a whole number (got 7.5); ' +
        'args/priority must be "low", "normal" or "urgent" (got "urgnet")',
    );
  });
});

describe('describedSchemaCheck', () => {
  const schema = {
    type: 'object',
    required: ['owner', 'today'],
    properties: {
      owner: { type: 'string' },
      today: { type: 'string', format: 'date' },
      count: { type: 'integer', minimum: 1 },
      kind: { enum: ['bug', 'feature'] },
    },
    additionalProperties: false,
  };

  it('says what each field must be and what it got, and points a missing field at its place', () => {
    expect(
      describedSchemaCheck(schema)({ today: 'tomorrow', count: 0, kind: 'featrue', ownr: 'octo' }),
    ).toEqual([
      { pointer: '/owner', message: 'is required (missing "owner")' },
      { pointer: '/ownr', message: 'unknown property "ownr" (did you mean "owner"?)' },
      { pointer: '/today', message: 'must be a valid date (got "tomorrow")' },
      { pointer: '/count', message: 'must be >= 1 (got 0)' },
      {
        pointer: '/kind',
        message: 'must be one of "bug" or "feature" (got "featrue") (did you mean "feature"?)',
      },
    ]);
  });

  it('finds nothing in a value that fits, like schemaCheck', () => {
    const value = { owner: 'octo', today: '2026-11-21' };
    expect(describedSchemaCheck(schema)(value)).toEqual([]);
    expect(schemaCheck(schema)(value)).toEqual([]);
  });
});
