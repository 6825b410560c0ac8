import { describe, expect, it } from '@jest/globals';
import { defineIntegration, type Integration, Type } from '@toolsteps/sdk';
import { createRegistry, RegistryError } from '../../src/registry/index.js';
import { integration as code, createIssue, searchIssues } from '../fixtures/validation/code-integration.js';
import ticketsAgain from '../fixtures/validation/tickets-again.js';
import tickets, { createTicket } from '../fixtures/validation/tickets-integration.js';

function failure(build: () => unknown): RegistryError {
  try {
    build();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected a RegistryError');
}

describe('a registry built in process', () => {
  it('finds integrations and steps by id, and the integration of a step', () => {
    const registry = createRegistry([tickets, code]);
    expect(registry.integrations()).toEqual([tickets, code]);
    expect(registry.integration('code')).toBe(code);
    expect(registry.step('tickets.create_ticket')).toBe(createTicket);
    expect(registry.integrationOf('code.create_issue')).toBe(code);
    expect(registry.step('code.nothing')).toBeUndefined();
    expect(registry.integration('nothing')).toBeUndefined();
  });

  it('lists a catalog row per step, with beta and unavailable statuses', () => {
    const catalog = createRegistry([tickets, code]).catalog();
    expect(catalog.map((entry) => [entry.id, entry.status, entry.unavailableReason])).toEqual([
      ['tickets.create_ticket', 'stable', undefined],
      ['tickets.search_tickets', 'stable', undefined],
      ['tickets.find_user', 'stable', undefined],
      ['tickets.delete_all', 'unavailable', 'announced as being worked on'],
      ['code.search_issues', 'beta', undefined],
      ['code.create_issue', 'beta', undefined],
    ]);
    expect(catalog[4]).toEqual({
      id: 'code.search_issues',
      title: 'Search Issues',
      description: 'Finds issues by query',
      integration: 'code',
      integrationTitle: 'Code Host',
      effect: 'read',
      status: 'beta',
      input: searchIssues.input,
      output: searchIssues.output,
    });
  });

  it('refuses two integrations with one id, naming both sources', () => {
    const error = failure(() => createRegistry([tickets, code, ticketsAgain]));
    expect(error.code).toBe('duplicate-integration');
    expect(error.sources).toEqual(['integrations[0]', 'integrations[2]']);
    expect(error.message).toBe(
      'Integration "tickets" is defined twice: by integrations[0] and by integrations[2]; keep only one of them',
    );
  });

  it('refuses one step id defined twice', () => {
    const twice = defineIntegration({ ...code, steps: [searchIssues, createIssue, searchIssues] });
    const error = failure(() => createRegistry([twice]));
    expect(error).toMatchObject({
      code: 'duplicate-step',
      message: 'Step "code.search_issues" is defined twice in integrations[0]',
    });
  });

  it('refuses what is not an integration, saying what is missing', () => {
    const noSteps = { ...tickets, steps: undefined } as unknown as Integration;
    expect(failure(() => createRegistry([noSteps]))).toMatchObject({
      code: 'not-an-integration',
      message: 'integrations[0] is not an Integration: integration "tickets" has no "steps" array',
    });
    const handMade = {
      ...code,
      steps: [{ id: 'code.raw', run: async () => ({}) }],
    } as unknown as Integration;
    expect(failure(() => createRegistry([handMade])).message).toBe(
      'integrations[0] is not an Integration: integration "code" has a step that is not made with defineStep (needs "id", "run" and "available")',
    );
    const stray = {
      ...code,
      id: 'other',
      connection: Type.Object({}),
    } as Integration;
    expect(failure(() => createRegistry([stray])).message).toBe(
      'integrations[0] is not an Integration: step "code.search_issues" of integration "other" must start with "other."',
    );
  });
});
