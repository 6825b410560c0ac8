import { describe, expect, it } from '@jest/globals';
import { searchCompanies } from '../../src/steps/search-companies.js';
import { createEnrichmentEmulator } from '../../src/testing/index.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('enrichment.search_companies', () => {
  const provider = useEnrichmentEmulator();
  const names = (outcome: any) => outcome.result.companies.map((company: any) => company.name);

  it('filters by industry, location, size, technologies and name', async () => {
    expect(names(await provider.run(searchCompanies, { industry: 'software' }))).toEqual([
      'Northwind Analytics',
      'Skyforge Games',
    ]);
    expect(names(await provider.run(searchCompanies, { technologies: ['Shopify', 'AWS'] }))).toEqual([
      'Polar Peak Outfitters',
    ]);
    expect(names(await provider.run(searchCompanies, { size: ['1-10', '11-50'] }))).toEqual([
      'Meridian Travel Co',
    ]);
    expect(names(await provider.run(searchCompanies, { location: 'US', size: ['51-200'] }))).toEqual([
      'Verdant Fields',
    ]);
    expect(names(await provider.run(searchCompanies, { name: 'harbor' }))).toEqual(['Harborline Logistics']);
  });

  it('pages with page and perPage', async () => {
    const second = await provider.run(searchCompanies, { technologies: ['Salesforce'], perPage: 2, page: 2 });
    expect(second.result).toMatchObject({ page: 2, perPage: 2, total: 4, hasMore: false });
    expect(names(second)).toEqual(['Ironbark Finance', 'Polar Peak Outfitters']);
  });

  it("searches at the account's companySearchPath when the provider serves it elsewhere", async () => {
    const elsewhere = await createEnrichmentEmulator({
      searchPaths: { person: '/v2/people/search', company: '/v2/companies/search' },
    });
    try {
      const account = {
        ...elsewhere.account,
        settings: { ...elsewhere.account.settings, companySearchPath: '/v2/companies/search' },
      };
      const outcome = await provider.run(searchCompanies, { industry: 'Retail' }, { account });
      expect(outcome.error).toBeUndefined();
      expect(names(outcome)).toEqual(['Polar Peak Outfitters']);
      expect(elsewhere.requests.map((request) => request.path)).toEqual(['/v2/companies/search']);
    } finally {
      await elsewhere.close();
    }
  });
});
