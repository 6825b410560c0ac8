import { describe, expect, it } from '@jest/globals';
import { findCompany } from '../../src/steps/find-company.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe("the account's baseUrl", () => {
  const provider = useEnrichmentEmulator();
  const runWith = (settings: Record<string, unknown>) =>
    provider.run(
      findCompany,
      { domain: 'harborline.example' },
      { account: { ...provider.emulator.account, id: 'base-url', settings } },
    );

  it.each([
    ['plain http off loopback', 'http://api.provider.example/v1', 'plain http'],
    ['user info', 'https://user:pass@api.provider.example/v1', 'user info'],
    ['another scheme', 'ftp://api.provider.example', 'use https'],
    ['not a URL', 'api.provider.example', 'absolute https URL'],
    ['a query', 'https://api.provider.example/v1?region=eu', 'without a query or fragment'],
    ['a fragment', 'https://api.provider.example/v1#docs', 'without a query or fragment'],
  ])('refuses %s before anything is sent', async (_what, baseUrl, said) => {
    const outcome = await runWith({ baseUrl });
    expect(outcome.error).toMatchObject({ code: 'validation', field: '/settings/baseUrl' });
    expect(outcome.error?.message).toContain(said);
    expect(provider.emulator.requests).toEqual([]);
  });

  it('takes plain http on loopback, for the emulator', async () => {
    const outcome = await runWith({ baseUrl: `${provider.emulator.baseUrl}/` });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result.matched).toBe(true);
  });
});
