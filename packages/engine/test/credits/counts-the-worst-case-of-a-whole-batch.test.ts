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

const batch = (maxCredits: number) => ({
  id: 'bulk',
  defaults: { maxCredits },
  steps: [{ id: 'batch', step: 'leads.bulk_enrich', args: { emails: ['a@x.test', 'b@x.test', 'c@x.test'] } }],
});

it('refuses a batch whose worst case (2 per record) exceeds the budget, though its likely cost fits', async () => {
  emulator.reset();
  const { result } = await runLeads(batch(5), [leadsAccount(emulator.baseUrl)]);
  expect(result.error).toMatchObject({ code: 'budget', step: 'batch' });
  expect(result.error?.details).toMatchObject({ spent: 0, asked: 6, allowed: 5 });
  expect(emulator.requests).toHaveLength(0);
});

it('runs a batch whose worst case fits and charges what the provider counted', async () => {
  emulator.reset();
  const { result } = await runLeads(batch(6), [leadsAccount(emulator.baseUrl)]);
  expect(result.status).toBe('succeeded');
  expect(result.steps[0].credits).toEqual({ spent: 3, estimated: false });
  expect(emulator.requests).toHaveLength(1);
});
