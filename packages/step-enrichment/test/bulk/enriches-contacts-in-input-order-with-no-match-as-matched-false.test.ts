import { describe, expect, it } from '@jest/globals';
import { enrichContacts } from '../../src/steps/enrich-contacts.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('enrichment.enrich_contacts', () => {
  const provider = useEnrichmentEmulator();

  it('answers one result per record in input order, a record with no match as matched: false', async () => {
    const outcome = await provider.run(enrichContacts, {
      people: [
        { email: 'kiri.patel@copperleaf-energy.example' },
        { email: 'nobody@nowhere.example' },
        { profileUrl: 'https://profiles.example/in/grace-liu' },
        { firstName: 'Marta', lastName: 'Sousa', company: 'lumencoffee.example' },
      ],
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result.results.map((result: any) => result.person?.fullName ?? result.matched)).toEqual([
      'Kiri Patel',
      false,
      'Grace Liu',
      'Marta Sousa',
    ]);
    expect(outcome.result.results[1]).toEqual({ matched: false });
    expect(outcome.result.matched).toBe(3);
    expect(provider.emulator.requests.map((request) => request.path)).toEqual(['/person/bulk']);
  });

  it('refuses a record without a single identification form, naming it, before sending', async () => {
    const outcome = await provider.run(enrichContacts, {
      people: [{ email: 'ana.ruiz@northwind-analytics.example' }, { firstName: 'Ana' }],
    });
    expect(outcome.error).toMatchObject({
      code: 'validation',
      field: expect.stringMatching(/\/args\/people\/1$/),
    });
    expect(provider.emulator.requests).toEqual([]);
  });
});
