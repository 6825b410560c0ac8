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
    expect(stepProperty.enum).toEqual([
      'tickets.create_ticket',
      'tickets.search_tickets',
      'tickets.find_user',
      'code.search_issues',
      'code.create_issue',
    ]);
    expect(stepProperty.enumDescriptions).toEqual([
      'Create Ticket. Tickets: Opens a ticket',
      'Search Tickets. Tickets: Finds tickets by query',
      'Find User. Tickets: Finds a user by email or by id',
      'Search Issues. Code Host (beta): Finds issues by query',
      'Create Issue. Code Host (beta): Opens an issue',
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

  it('reports a misspelt step id once, as an editor underlines it', () => {
    expect(validate({ id: 'flow', steps: [{ id: 'a', step: 'tickets.create_tiket' }] })).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({ instancePath: '/steps/0/step', keyword: 'enum' }),
    ]);
  });
});
