import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { startLeadsEmulator } from './support/leads-emulator.js';
import { leadsAccount } from './support/leads-integration.js';
import { runLeads } from './support/run-leads.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startLeadsEmulator();
});
afterAll(() => emulator.close());

it("totals the credits of a run per account, and records each step's own", async () => {
  const sales = leadsAccount(emulator.baseUrl, { id: 'sales' });
  const support = leadsAccount(emulator.baseUrl, { id: 'support' });
  const { result } = await runLeads(
    {
      id: 'two-accounts',
      steps: [
        { id: 'ada', step: 'leads.enrich_contact', account: 'sales', args: { email: 'ada-phone@x.test' } },
        { id: 'bob', step: 'leads.enrich_contact', account: 'sales', args: { email: 'bob@x.test' } },
        { id: 'eve', step: 'leads.enrich_contact', account: 'support', args: { email: 'eve@x.test' } },
        { id: 'nobody', step: 'leads.enrich_contact', account: 'support', args: { email: 'nobody@x.test' } },
      ],
    },
    [sales, support],
  );

  expect(result.status).toBe('succeeded');
  expect(result.steps.map((trace) => [trace.id, trace.credits])).toEqual([
    ['ada', { spent: 2, estimated: false }],
    ['bob', { spent: 1, estimated: false }],
    ['eve', { spent: 1, estimated: false }],
    ['nobody', { spent: 0, estimated: false }],
  ]);
  expect(result.credits).toEqual({
    total: 4,
    estimated: false,
    byAccount: { sales: { spent: 3, estimated: false }, support: { spent: 1, estimated: false } },
  });
});

it('leaves credits out of runs where no step is metered', async () => {
  const { result } = await runLeads({ id: 'free', steps: [{ id: 'left', step: 'leads.usage', args: {} }] }, [
    leadsAccount(emulator.baseUrl),
  ]);
  expect(result.status).toBe('succeeded');
  expect(result.credits).toBeUndefined();
  expect(result.steps[0].credits).toBeUndefined();
});
