import { describe, expect, it } from '@jest/globals';
import { searchContacts } from '../../src/steps/search-contacts.js';
import { createEnrichmentEmulator } from '../../src/testing/index.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('enrichment.search_contacts', () => {
  const provider = useEnrichmentEmulator();

  it('filters by job title, company, location and industry', async () => {
    const titles = await provider.run(searchContacts, { jobTitle: 'head of sales' });
    expect(titles.result.people.map((person: any) => person.fullName)).toEqual([
      'Chloe Martin',
      'Nuno Ferreira',
      'Aaron Leclerc',
    ]);
    const atCompany = await provider.run(searchContacts, { company: 'ironbark.example' });
    expect(atCompany.result.total).toBe(3);
    const inCanadaSoftware = await provider.run(searchContacts, { location: 'CA', industry: 'Software' });
    expect(inCanadaSoftware.result.people.map((person: any) => person.company.name)).toEqual([
      'Skyforge Games',
      'Skyforge Games',
      'Skyforge Games',
    ]);
    expect(provider.emulator.requests[0]).toMatchObject({
      method: 'POST',
      path: '/person/search',
      body: { jobTitle: 'head of sales', page: 1, perPage: 25 },
    });
  });

  it('pages: hasMore until the last page, then an empty page past the end', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4])
      pages.push((await provider.run(searchContacts, { location: 'US', perPage: 5, page })).result);
    expect(pages.map((page) => [page.people.length, page.total, page.hasMore])).toEqual([
      [5, 12, true],
      [5, 12, true],
      [2, 12, false],
      [0, 12, false],
    ]);
    expect(new Set(pages.flatMap((page) => page.people.map((person: any) => person.id))).size).toBe(12);
  });

  it('answers an empty list, not an error, when nobody matches, and charges nothing', async () => {
    const outcome = await provider.run(searchContacts, { jobTitle: 'Astronaut' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({ people: [], total: 0, hasMore: false, credits: { spent: 0 } });
  });

  it('refuses a search without criteria before sending', async () => {
    const outcome = await provider.run(searchContacts, { page: 2 });
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(outcome.error?.message).toContain('at least one search criterion');
    expect(provider.emulator.requests).toEqual([]);
  });

  it("searches at the account's personSearchPath when the provider serves it elsewhere", async () => {
    const elsewhere = await createEnrichmentEmulator({
      searchPaths: { person: '/v2/people/search', company: '/v2/companies/search' },
    });
    try {
      const account = {
        ...elsewhere.account,
        settings: { ...elsewhere.account.settings, personSearchPath: '/v2/people/search' },
      };
      const outcome = await provider.run(searchContacts, { jobTitle: 'head of sales' }, { account });
      expect(outcome.error).toBeUndefined();
      expect(outcome.result.people.map((person: any) => person.fullName)).toEqual([
        'Chloe Martin',
        'Nuno Ferreira',
        'Aaron Leclerc',
      ]);
      expect(elsewhere.requests.map((request) => request.path)).toEqual(['/v2/people/search']);
      expect(provider.emulator.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});
