import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { catalogWorkflowSchema } from '../../src/workflow/index.js';
import { registry } from './load-helpers.js';

const example = JSON.parse(
  readFileSync(new URL('../fixtures/validation/urgent-issues.json', import.meta.url), 'utf8'),
);
const schema = catalogWorkflowSchema(registry);
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

const withTicketArgs = (args: Record<string, unknown>) => ({
  id: 'flow',
  steps: [{ id: 'ticket', step: 'tickets.create_ticket', args }],
});

describe('the workflow schema specialised to the catalog', () => {
  it('offers the available step ids with their titles', () => {
    const stepProperty = (schema.$defs as any).WorkflowStep.properties.step;
    expect(stepProperty.anyOf).toEqual([
      { const: 'tickets.create_ticket', title: 'Create Ticket', description: 'Tickets: Opens a ticket' },
      {
        const: 'tickets.search_tickets',
        title: 'Search Tickets',
        description: 'Tickets: Finds tickets by query',
      },
      {
        const: 'tickets.find_user',
        title: 'Find User',
        description: 'Tickets: Finds a user by email or by id',
      },
      {
        const: 'code.search_issues',
        title: 'Search Issues',
        description: 'Code Host (beta): Finds issues by query',
      },
      { const: 'code.create_issue', title: 'Create Issue', description: 'Code Host (beta): Opens an issue' },
    ]);
  });

  it('accepts a good workflow, expressions in args included', () => {
    expect(validate(example)).toBe(true);
    expect(validate(withTicketArgs({ subject: '{% $input.title %}', tags: ['{% $input.team %}'] }))).toBe(
      true,
    );
  });

  it("rejects args that break the step's input schema, pointing into them", () => {
    expect(validate(withTicketArgs({ subject: 'Hi', priority: 'urgnt' }))).toBe(false);
    const paths = (validate.errors ?? []).map((error) => error.instancePath);
    expect(paths).toContain('/steps/0/args/priority');
    expect(validate(withTicketArgs({ priority: 'low' }))).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({
        instancePath: '/steps/0/args',
        keyword: 'required',
        params: { missingProperty: 'subject' },
      }),
    );
  });

  it('rejects step ids outside the catalog, unavailable ones included', () => {
    expect(validate({ id: 'flow', steps: [{ id: 'a', step: 'tickets.create_tiket' }] })).toBe(false);
    expect(validate({ id: 'flow', steps: [{ id: 'a', step: 'tickets.delete_all' }] })).toBe(false);
  });
});
