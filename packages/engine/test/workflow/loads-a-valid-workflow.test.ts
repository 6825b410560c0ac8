import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { loadWorkflow, loadWorkflowOrThrow } from '../../src/workflow/index.js';
import { searchIssues } from '../fixtures/validation/code-integration.js';
import { account, MemoryVault } from '../fixtures/validation/memory-vault.js';
import { createTicket } from '../fixtures/validation/tickets-integration.js';
import { registry } from './load-helpers.js';

const file = fileURLToPath(new URL('../fixtures/validation/urgent-issues.json', import.meta.url));
const vault = new MemoryVault([
  account('acc_1', 'tickets', 'acme-support'),
  account('acc_2', 'code', 'acme-bot'),
]);

describe('a valid workflow', () => {
  it('loads with forEach, parallel, assign and catch, its steps resolved from the catalog', async () => {
    const result = await loadWorkflow(file, { registry, vault });
    expect(result.diagnostics).toEqual([]);
    if (!result.ok) return;
    const { workflow } = result;
    expect(workflow).toMatchObject({
      id: 'urgent-issues-to-tickets',
      file,
      defaultAccounts: { tickets: 'acme-support' },
    });
    const [found, tickets, fanout] = workflow.steps;
    expect(found.step).toBe(searchIssues);
    expect(found.timeoutMs).toBe(30_000);
    expect(found.retry.maxAttempts).toBe(4);
    expect(tickets.forEach).toMatchObject({ as: 'issue', concurrency: 4 });
    expect(tickets.forEach?.steps[0]).toMatchObject({
      pointer: '/steps/1/forEach/steps/0',
      step: createTicket,
    });
    expect(tickets.forEach?.steps[0].retry).toMatchObject({ maxAttempts: 2, initialMs: 200 });
    expect(fanout.parallel?.map((branch) => branch.map((step) => step.id))).toEqual([['open'], ['summary']]);
  });

  it('compiles its expressions once, ready to evaluate with fresh bindings', async () => {
    const workflow = await loadWorkflowOrThrow(file, { registry });
    const args = await workflow.steps[0].args?.evaluate({ input: { owner: 'acme', repo: 'web' } }, 'found');
    expect(args).toEqual({ q: 'repo:acme/web label:urgent', per_page: 50 });
  });
});
