import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { startLeadsEmulator } from './support/leads-emulator.js';
import { leadsAccount } from './support/leads-integration.js';
import { runLeads } from './support/run-leads.js';

let reporting: Emulator;
let silent: Emulator;
beforeAll(async () => {
  reporting = await startLeadsEmulator({ reportsCredits: true });
  silent = await startLeadsEmulator({ reportsCredits: false });
});
afterAll(async () => {
  await reporting.close();
  await silent.close();
});

const enrichAda = {
  id: 'enrich',
  steps: [{ id: 'ada', step: 'leads.enrich_contact', args: { email: 'ada-phone@x.test' } }],
};

describe('credits are labelled estimated unless the provider said what it charged', () => {
  it("takes the provider's own count as exact", async () => {
    const { result } = await runLeads(enrichAda, [leadsAccount(reporting.baseUrl)]);
    expect(result.steps[0].credits).toEqual({ spent: 2, estimated: false });
    expect(result.credits?.estimated).toBe(false);
  });

  it('labels a count the step computed by its pricing rules as estimated, in the step, account and total', async () => {
    const { result } = await runLeads(enrichAda, [leadsAccount(silent.baseUrl)]);
    expect(result.steps[0].credits).toEqual({ spent: 2, estimated: true });
    expect(result.credits).toEqual({
      total: 2,
      estimated: true,
      byAccount: { 'leads-main': { spent: 2, estimated: true } },
    });
  });

  it('charges a metered step that reported nothing its worst case, estimated', async () => {
    const { result } = await runLeads(
      { id: 'company', steps: [{ id: 'acme', step: 'leads.enrich_company', args: { domain: 'acme.test' } }] },
      [leadsAccount(reporting.baseUrl)],
    );
    expect(result.status).toBe('succeeded');
    expect(result.steps[0].credits).toEqual({ spent: 1, estimated: true });
  });
});
