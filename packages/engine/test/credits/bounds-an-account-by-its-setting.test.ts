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

const acrossTwoAccounts = {
  id: 'account-budget',
  steps: [
    { id: 'ada', step: 'leads.enrich_contact', account: 'capped', args: { email: 'ada-phone@x.test' } },
    { id: 'bob', step: 'leads.enrich_contact', account: 'open', args: { email: 'bob-phone@x.test' } },
    { id: 'cy', step: 'leads.enrich_contact', account: 'capped', args: { email: 'cy@x.test' } },
  ],
};

it("refuses a step once its account's maxCreditsPerRun setting cannot hold its worst case", async () => {
  emulator.reset();
  const capped = leadsAccount(emulator.baseUrl, { id: 'capped', maxCreditsPerRun: 3 });
  const open = leadsAccount(emulator.baseUrl, { id: 'open' });
  const { result } = await runLeads(acrossTwoAccounts, [capped, open]);

  // What the other account spent does not count against this one's budget: only ada's 2 do.
  expect(result.error).toMatchObject({ code: 'budget', step: 'cy' });
  expect(result.error?.details).toMatchObject({
    budget: 'account',
    source: 'setting maxCreditsPerRun of account "capped"',
    spent: 2,
    asked: 2,
    allowed: 3,
  });
  expect(emulator.requests).toHaveLength(2);
  expect(result.credits?.byAccount).toEqual({
    capped: { spent: 2, estimated: false },
    open: { spent: 2, estimated: false },
  });
});

it('fails closed on a budget setting that is not a whole number of credits', async () => {
  emulator.reset();
  const capped = leadsAccount(emulator.baseUrl, { id: 'capped', maxCreditsPerRun: 'ten' });
  const open = leadsAccount(emulator.baseUrl, { id: 'open' });
  const { result } = await runLeads(acrossTwoAccounts, [capped, open]);
  expect(result.error).toMatchObject({ code: 'validation', step: 'ada' });
  expect(result.error?.message).toContain(
    'setting maxCreditsPerRun of account "capped" must be a whole number',
  );
  expect(emulator.requests).toHaveLength(0);
});
