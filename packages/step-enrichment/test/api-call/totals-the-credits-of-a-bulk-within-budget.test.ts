import { describe, expect, it } from '@jest/globals';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';
import { runEnrichmentWorkflow } from '../run-enrichment-workflow.js';

describe('api_call within its budget', () => {
  const provider = useEnrichmentEmulator();

  it('sends a bulk whose worst case fits and totals what the provider charged', async () => {
    const result = await runEnrichmentWorkflow(
      {
        id: 'w',
        defaults: { maxCredits: 6 },
        steps: [
          {
            id: 's',
            step: 'enrichment.api_call',
            args: {
              method: 'POST',
              endpoint: '/person/bulk',
              body: [
                { email: 'ana.ruiz@northwind-analytics.example' },
                { email: 'chloe.martin@northwind-analytics.example' },
                { email: 'nobody@nowhere.example' },
              ],
            },
          },
        ],
      },
      provider.emulator.account,
    );
    expect(result.status).toBe('succeeded');
    expect(provider.emulator.requests).toHaveLength(1);
    // Ana has a phone number (2), Chloe none (1), nobody no match (0).
    expect(result.steps[0].credits).toEqual({ spent: 3, estimated: false });
    expect(result.credits?.total).toBe(3);
  });

  it('estimates by the same rules when the answer does not say (estimated: true)', async () => {
    provider.emulator.state.reportsCredits = false;
    const result = await runEnrichmentWorkflow(
      {
        id: 'w',
        steps: [
          {
            id: 's',
            step: 'enrichment.api_call',
            args: {
              method: 'POST',
              endpoint: '/person',
              body: { email: 'chloe.martin@northwind-analytics.example' },
            },
          },
        ],
      },
      provider.emulator.account,
    );
    expect(result.status).toBe('succeeded');
    expect(result.credits).toMatchObject({ total: 1, estimated: true });
  });
});
