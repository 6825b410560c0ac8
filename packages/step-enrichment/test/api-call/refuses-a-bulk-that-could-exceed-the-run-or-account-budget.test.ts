import { describe, expect, it } from '@jest/globals';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';
import { runEnrichmentWorkflow, withSettings } from '../run-enrichment-workflow.js';

// Three contacts at up to 2 credits each: POST /person/bulk could spend 6.
const bulkOfThree = {
  id: 's',
  step: 'enrichment.api_call',
  args: {
    method: 'POST',
    endpoint: '/person/bulk',
    body: [
      { email: 'ana.ruiz@northwind-analytics.example' },
      { email: 'ben.okafor@northwind-analytics.example' },
      { email: 'grace.liu@brightpath-health.example' },
    ],
  },
};

describe('api_call holds the worst case of its request against budgets before sending', () => {
  const provider = useEnrichmentEmulator();

  it('refuses a bulk of 3 contacts (worst case 6) under defaults.maxCredits 5, sending nothing', async () => {
    const result = await runEnrichmentWorkflow(
      { id: 'w', defaults: { maxCredits: 5 }, steps: [bulkOfThree] },
      provider.emulator.account,
    );
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject({ code: 'budget', field: '/defaults/maxCredits' });
    expect(result.error?.details).toMatchObject({ budget: 'run', asked: 6, allowed: 5 });
    expect(provider.emulator.requests).toHaveLength(0);
  });

  it("refuses it under the account's maxCreditsPerRun 1, sending nothing", async () => {
    const result = await runEnrichmentWorkflow(
      { id: 'w', steps: [bulkOfThree] },
      withSettings(provider.emulator.account, { maxCreditsPerRun: 1 }),
    );
    expect(result.error).toMatchObject({ code: 'budget' });
    expect(result.error?.details).toMatchObject({ budget: 'account', asked: 6, allowed: 1 });
    expect(provider.emulator.requests).toHaveLength(0);
  });

  it('refuses a POST to a path of unknown price (worst case 200) under a budget of 50, sending nothing', async () => {
    const result = await runEnrichmentWorkflow(
      {
        id: 'w',
        defaults: { maxCredits: 50 },
        steps: [
          { id: 's', step: 'enrichment.api_call', args: { method: 'POST', endpoint: '/person/lookalikes' } },
        ],
      },
      provider.emulator.account,
    );
    expect(result.error).toMatchObject({ code: 'budget' });
    expect(result.error?.message).toContain('could spend up to 200 credits');
    expect(provider.emulator.requests).toHaveLength(0);
  });
});
