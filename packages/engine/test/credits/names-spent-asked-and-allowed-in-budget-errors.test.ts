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

async function refusalOf(workflow: object, maxCreditsPerRun?: number) {
  const { result } = await runLeads(workflow, [leadsAccount(emulator.baseUrl, { maxCreditsPerRun })]);
  return result.error?.message;
}

const ada = { id: 'ada', step: 'leads.enrich_contact', args: { email: 'ada@x.test' } };
const bob = { id: 'bob', step: 'leads.enrich_contact', args: { email: 'bob@x.test' } };

it('names the run budget, what is spent, what the step asks and what is allowed', async () => {
  expect(await refusalOf({ id: 'w', defaults: { maxCredits: 2 }, steps: [ada, bob] })).toBe(
    'Step "bob" (leads.enrich_contact) could spend up to 2 credits, but the run budget (defaults.maxCredits) allows 2, of which 1 is spent; nothing was sent',
  );
});

it("names the step's own budget", async () => {
  expect(await refusalOf({ id: 'w', steps: [{ ...ada, maxCredits: 0 }] })).toBe(
    'Step "ada" (leads.enrich_contact) could spend up to 2 credits, but the step budget (maxCredits) allows 0, of which 0 are spent; nothing was sent',
  );
});

it('names the account and the setting its budget comes from', async () => {
  expect(await refusalOf({ id: 'w', steps: [ada] }, 1)).toBe(
    'Step "ada" (leads.enrich_contact) could spend up to 2 credits, but the account budget (setting maxCreditsPerRun of account "leads-main") allows 1, of which 0 are spent; nothing was sent',
  );
});
