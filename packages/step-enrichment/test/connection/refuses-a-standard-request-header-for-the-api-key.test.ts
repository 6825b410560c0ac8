import { describe, expect, it } from '@jest/globals';
import { findCompany } from '../../src/steps/find-company.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';
import { withSettings } from '../run-enrichment-workflow.js';

describe('the apiKeyHeader setting', () => {
  const provider = useEnrichmentEmulator();
  const findWith = (apiKeyHeader: string) =>
    provider.run(
      findCompany,
      { domain: 'verdantfields.example' },
      { account: withSettings(provider.emulator.account, { apiKeyHeader }) },
    );

  it.each([
    ['Authorization'],
    ['Proxy-Authorization'],
    ['User-Agent'],
    ['Accept-Encoding'],
    ['X-Key\r\nX-Evil: 1'],
    [''],
  ])('refuses %j at /settings/apiKeyHeader, sending nothing', async (apiKeyHeader) => {
    const outcome = await findWith(apiKeyHeader);
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/settings/apiKeyHeader' });
    expect(provider.emulator.requests).toHaveLength(0);
  });

  it.each([['X-Api-Key'], ['Api-Key']])('sends the key in %s', async (apiKeyHeader) => {
    provider.emulator.state.apiKeyHeader = apiKeyHeader.toLowerCase();
    const outcome = await findWith(apiKeyHeader);
    expect(outcome.error).toBeUndefined();
    expect(provider.emulator.requests[0].headers[apiKeyHeader.toLowerCase()]).toBe(
      provider.emulator.account.credentials.apiKey,
    );
  });
});
