import { describe, expect, it } from '@jest/globals';
import { apiCall } from '../../src/steps/api-call.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('api_call and the no-match 404', () => {
  const provider = useEnrichmentEmulator();

  it('returns the 404 no_match answer as its result, charged nothing, as documented', async () => {
    const outcome = await provider.run(apiCall, {
      method: 'POST',
      endpoint: '/person',
      body: { email: 'nobody@nowhere.example' },
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({ status: 404, body: { error: 'no_match' } });
    expect(outcome.result.credits).toMatchObject({ spent: 0 });
  });
});
