import { describe, expect, it } from '@jest/globals';
import { enrichContacts } from '../../src/steps/enrich-contacts.js';
import { findCompany } from '../../src/steps/find-company.js';
import { findContact } from '../../src/steps/find-contact.js';
import { searchCompanies } from '../../src/steps/search-companies.js';
import { DEMO_KEYS } from '../../src/testing/index.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('credits in every output, and reported to the engine (ctx.credits)', () => {
  const provider = useEnrichmentEmulator();

  it('takes what the provider says: X-Credits-Used and X-Credits-Remaining', async () => {
    const withPhone = await provider.run(findContact, { email: 'ana.ruiz@northwind-analytics.example' });
    expect(withPhone.result.credits).toEqual({ spent: 2, estimated: false, remaining: 998 });
    expect(withPhone.credits).toEqual({ spent: 2, estimated: false });
    const withoutPhone = await provider.run(findContact, {
      email: 'chloe.martin@northwind-analytics.example',
    });
    expect(withoutPhone.result.credits).toEqual({ spent: 1, estimated: false, remaining: 997 });
    expect(provider.emulator.remaining(DEMO_KEYS.prospecting)).toBe(997);
  });

  it('estimates by the pricing rules when the answer does not say (estimated: true)', async () => {
    provider.emulator.state.reportsCredits = false;
    const person = await provider.run(findContact, { email: 'ana.ruiz@northwind-analytics.example' });
    expect(person.result.credits).toEqual({ spent: 2, estimated: true });
    const company = await provider.run(findCompany, { name: 'Quillstone Legal' });
    expect(company.result.credits).toEqual({ spent: 1, estimated: true });
    const bulk = await provider.run(enrichContacts, {
      people: [
        { email: 'ana.ruiz@northwind-analytics.example' },
        { email: 'chloe.martin@northwind-analytics.example' },
        { email: 'nobody@nowhere.example' },
      ],
    });
    expect(bulk.result.credits).toEqual({ spent: 3, estimated: true });
    expect(bulk.credits).toEqual({ spent: 3, estimated: true });
    const search = await provider.run(searchCompanies, { industry: 'Travel' });
    expect(search.result.credits).toEqual({ spent: 1, estimated: true });
  });
});
