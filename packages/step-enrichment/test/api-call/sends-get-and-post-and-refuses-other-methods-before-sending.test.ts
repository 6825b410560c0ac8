import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('enrichment.api_call', () => {
  const provider = useEnrichmentEmulator();

  it("GETs a path with the account's key", async () => {
    const outcome = await provider.run(apiCall, { method: 'GET', endpoint: '/account' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({
      status: 200,
      body: { name: 'Demo prospecting', credits: { remaining: 1_000 } },
    });
    expect(outcome.result.credits).toEqual({ spent: 0, estimated: true });
    expect(provider.emulator.requests[0].headers['x-api-key']).toBe('enr-demo-key-prospecting-7f3a91');
  });

  it('POSTs a JSON body and reports the credits the answer names', async () => {
    const outcome = await provider.run(apiCall, {
      method: 'POST',
      endpoint: '/company',
      body: { domain: 'verdantfields.example' },
    });
    expect(outcome.result).toMatchObject({
      status: 200,
      body: { matched: true, company: { name: 'Verdant Fields' } },
      credits: { spent: 1, estimated: false, remaining: 999 },
    });
    expect(outcome.credits).toEqual({ spent: 1, estimated: false });
  });

  it.each([
    ['PUT', { method: 'PUT', endpoint: '/person' }, 'method'],
    ['DELETE', { method: 'DELETE', endpoint: '/person' }, 'method'],
    ['an absolute URL', { method: 'GET', endpoint: 'https://evil.example/account' }, 'not a URL'],
    ['a climb out of the API root', { method: 'GET', endpoint: '/v1/%2e%2e/admin' }, '..'],
    ['a body on a GET', { method: 'GET', endpoint: '/account', body: {} }, 'GET request cannot carry a body'],
  ])('refuses %s before anything is sent', async (_what, input, said) => {
    const outcome = await provider.run(apiCall, input);
    expect(outcome.error).toMatchObject({ code: 'validation' });
    expect(`${outcome.error?.field} ${outcome.error?.message}`).toContain(said);
    expect(provider.emulator.requests).toEqual([]);
  });
});
