import { describe, expect, it } from '@jest/globals';
import { findCompany } from '../../src/steps/find-company.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe("the account's API key", () => {
  const provider = useEnrichmentEmulator();
  const find = (account: any) => provider.run(findCompany, { domain: 'harborline.example' }, { account });

  it('goes in X-Api-Key by default, as is', async () => {
    await find(provider.emulator.account);
    expect(provider.emulator.requests[0].headers['x-api-key']).toBe('enr-demo-key-prospecting-7f3a91');
    expect(provider.emulator.requests[0].headers.authorization).toBeUndefined();
  });

  it('goes in the header the apiKeyHeader setting names', async () => {
    provider.emulator.state.apiKeyHeader = 'x-enrichment-key';
    const account = provider.emulator.account;
    const outcome = await find({
      ...account,
      id: 'custom-header',
      settings: { ...account.settings, apiKeyHeader: 'X-Enrichment-Key' },
    });
    expect(outcome.error).toBeUndefined();
    expect(provider.emulator.requests[0].headers['x-enrichment-key']).toBe('enr-demo-key-prospecting-7f3a91');
  });

  it('refuses an apiKeyHeader that is a standard header before sending', async () => {
    const account = provider.emulator.account;
    const outcome = await find({
      ...account,
      id: 'host-header',
      settings: { ...account.settings, apiKeyHeader: 'Host' },
    });
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(outcome.error?.message).toContain('apiKeyHeader');
    expect(provider.emulator.requests).toEqual([]);
  });

  it('when wrong, fails unauthorized saying what to check', async () => {
    const account = provider.emulator.account;
    const outcome = await find({ ...account, id: 'wrong-key', credentials: { apiKey: 'enr-not-a-key' } });
    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(outcome.error?.message).toContain('did not accept the API key of account "Demo prospecting"');
    expect(outcome.error?.message).toContain('apiKeyHeader');
    expect(outcome.error?.message).not.toContain('enr-not-a-key');
  });
});
