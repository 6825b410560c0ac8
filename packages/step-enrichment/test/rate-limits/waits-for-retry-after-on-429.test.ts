import { describe, expect, it } from '@jest/globals';
import { findCompany } from '../../src/steps/find-company.js';
import { findContact } from '../../src/steps/find-contact.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe("the provider's 429 with Retry-After (limits depend on the plan, none is known ahead)", () => {
  const provider = useEnrichmentEmulator();

  it('waits the seconds the provider names, then finds, charged once', async () => {
    provider.emulator.faults.inject({
      method: 'POST',
      path: '/person',
      status: 429,
      headers: { 'retry-after': '12' },
      body: { error: 'rate_limited', message: 'Too many requests' },
    });
    const outcome = await provider.run(findContact, { email: 'ana.ruiz@northwind-analytics.example' });
    expect(outcome.error).toBeUndefined();
    expect(provider.clock.sleeps).toContain(12_000);
    expect(provider.emulator.requests.map((request) => request.status)).toEqual([429, 200]);
    expect(outcome.result.credits).toMatchObject({ spent: 2, remaining: 998 });
  });

  it("waits out the emulator's per-minute limit", async () => {
    provider.emulator.state.requestsPerMinute = 1;
    await provider.run(findCompany, { name: 'Verdant Fields' });
    const outcome = await provider.run(findCompany, { name: 'Skyforge Games' });
    expect(outcome.error).toBeUndefined();
    expect(provider.emulator.requests.map((request) => request.status)).toEqual([200, 429, 200]);
    expect(provider.clock.sleeps).toContain(60_000);
  });
});
