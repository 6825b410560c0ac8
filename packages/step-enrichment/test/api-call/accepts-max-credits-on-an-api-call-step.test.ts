import { describe, expect, it } from '@jest/globals';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';
import { runEnrichmentWorkflow } from '../run-enrichment-workflow.js';

const findAna = (maxCredits: number) => ({
  id: 'w',
  steps: [
    {
      id: 's',
      step: 'enrichment.api_call',
      maxCredits,
      args: { method: 'POST', endpoint: '/person', body: { email: 'ana.ruiz@northwind-analytics.example' } },
    },
  ],
});

describe('maxCredits on an api_call step', () => {
  const provider = useEnrichmentEmulator();

  it('is accepted, and lets POST /person (worst case 2) through with 2', async () => {
    const result = await runEnrichmentWorkflow(findAna(2), provider.emulator.account);
    expect(result.status).toBe('succeeded');
    expect(result.credits?.total).toBe(2);
  });

  it('refuses POST /person with 1, naming the step budget, sending nothing', async () => {
    const result = await runEnrichmentWorkflow(findAna(1), provider.emulator.account);
    expect(result.error).toMatchObject({ code: 'budget', field: '/steps/0/maxCredits' });
    expect(provider.emulator.requests).toHaveLength(0);
  });
});
