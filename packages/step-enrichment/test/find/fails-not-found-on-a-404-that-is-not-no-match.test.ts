import { describe, expect, it } from '@jest/globals';
import { findContact } from '../../src/steps/find-contact.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('a 404 that does not say no match', () => {
  const provider = useEnrichmentEmulator();

  it('fails find_contact with not_found, pointing at the settings', async () => {
    provider.emulator.faults.inject({
      method: 'POST',
      path: '/person',
      status: 404,
      body: { error: 'not_found', message: 'No endpoint POST /person' },
    });
    const outcome = await provider.run(findContact, { email: 'ana.ruiz@northwind-analytics.example' });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(outcome.error?.message).toContain('baseUrl');
  });
});
