import { describe, expect, it } from '@jest/globals';
import { findCompany } from '../../src/steps/find-company.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('enrichment.find_company', () => {
  const provider = useEnrichmentEmulator();
  const ironbark = {
    name: 'Ironbark Finance',
    domain: 'ironbark.example',
    industry: 'Financial Services',
    size: { employees: 1_200, range: '1001-5000' },
    location: { city: 'Sydney', region: 'NSW', country: 'AU' },
    revenue: { annualUsd: 260_000_000, range: '$100M-$1B' },
    technologies: ['Salesforce', 'Snowflake', 'Okta'],
    socialProfiles: expect.arrayContaining([
      { network: 'profiles', url: 'https://profiles.example/company/ironbark' },
    ]),
  };

  it.each([
    ['its domain', { domain: 'ironbark.example' }],
    ['its domain typed as a URL', { domain: 'https://www.ironbark.example/about' }],
    ['its name', { name: 'ironbark finance' }],
  ])(
    'finds Ironbark by %s, with size, industry, location, revenue, technologies and profiles',
    async (_form, input) => {
      const outcome = await provider.run(findCompany, input);
      expect(outcome.error).toBeUndefined();
      expect(outcome.result).toMatchObject({
        matched: true,
        company: ironbark,
        credits: { spent: 1, estimated: false },
      });
    },
  );

  it('answers matched: false when no company matches', async () => {
    const outcome = await provider.run(findCompany, { domain: 'no-such-company.example' });
    expect(outcome.result).toMatchObject({ matched: false, credits: { spent: 0 } });
  });
});
