import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { enrichCompanies } from '../../src/steps/enrich-companies.js';
import { enrichContacts } from '../../src/steps/enrich-contacts.js';
import { BULK_LIMIT } from '../../src/testing/index.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('bulk steps split what the provider takes in one request', () => {
  const provider = useEnrichmentEmulator();

  it(`sends 230 contacts as batches of ${BULK_LIMIT}, ${BULK_LIMIT} and 30 and keeps their order`, async () => {
    const people = Array.from({ length: 230 }, (_, index) => ({ email: `someone-${index}@nowhere.example` }));
    people[0] = { email: 'ana.ruiz@northwind-analytics.example' };
    people[150] = { email: 'grace.liu@brightpath-health.example' };
    people[229] = { email: 'julia.kim@polarpeak.example' };
    const outcome = await provider.run(enrichContacts, { people });
    expect(outcome.error).toBeUndefined();
    expect(provider.emulator.requests.map((request) => (request.body as unknown[]).length)).toEqual([
      100, 100, 30,
    ]);
    const matched = outcome.result.results.flatMap((result: any, index: number) =>
      result.matched ? [[index, result.person.fullName]] : [],
    );
    expect(matched).toEqual([
      [0, 'Ana Ruiz'],
      [150, 'Grace Liu'],
      [229, 'Julia Kim'],
    ]);
    // Ana and Grace have phone numbers (2 each), Julia has none (1).
    expect(outcome.result.credits).toEqual({ spent: 5, estimated: false, remaining: 995 });
  });

  it('enriches companies in batches too, one credit per match', async () => {
    const companies = Array.from({ length: 101 }, (_, index) => ({ domain: `company-${index}.example` }));
    companies[100] = { domain: 'skyforge-games.example' };
    const outcome = await provider.run(enrichCompanies, { companies });
    expect(provider.emulator.requests.map((request) => (request.body as unknown[]).length)).toEqual([100, 1]);
    expect(outcome.result.results[100]).toMatchObject({ matched: true, company: { name: 'Skyforge Games' } });
    expect(outcome.result.credits).toMatchObject({ spent: 1, estimated: false });
  });

  it(`is what the provider requires: more than ${BULK_LIMIT} records in one request is 422 batch_too_large`, async () => {
    const outcome = await provider.run(apiCall, {
      method: 'POST',
      endpoint: '/person/bulk',
      body: Array.from({ length: BULK_LIMIT + 1 }, () => ({ email: 'a@b.example' })),
    });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain('at most 100 records');
  });
});
