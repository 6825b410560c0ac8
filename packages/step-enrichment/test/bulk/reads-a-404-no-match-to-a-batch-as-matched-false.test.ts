import { describe, expect, it } from '@jest/globals';
import { enrichContacts } from '../../src/steps/enrich-contacts.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('a bulk batch answered 404 no_match', () => {
  const provider = useEnrichmentEmulator();

  it('gives matched: false for each record of that batch, not an error', async () => {
    provider.emulator.faults.inject({
      method: 'POST',
      path: '/person/bulk',
      status: 404,
      body: { error: 'no_match', message: 'No person matched' },
    });
    const outcome = await provider.run(enrichContacts, {
      people: [{ email: 'ana.ruiz@northwind-analytics.example' }, { email: 'nobody@nowhere.example' }],
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({
      results: [{ matched: false }, { matched: false }],
      matched: 0,
      credits: { spent: 0 },
    });
    expect(provider.emulator.requests).toHaveLength(1);
  });
});
