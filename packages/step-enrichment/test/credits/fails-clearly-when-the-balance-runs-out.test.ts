import { describe, expect, it } from '@jest/globals';
import { enrichContacts } from '../../src/steps/enrich-contacts.js';
import { findContact } from '../../src/steps/find-contact.js';
import { DEMO_KEYS } from '../../src/testing/index.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

describe('an API key out of credits', () => {
  const provider = useEnrichmentEmulator();

  it('fails with the balance and what to do, not retried', async () => {
    const outcome = await provider.run(
      findContact,
      { email: 'ana.ruiz@northwind-analytics.example' },
      { account: provider.emulator.accounts.spent },
    );
    expect(outcome.error).toMatchObject({
      code: 'upstream',
      status: 402,
      retryable: false,
      details: expect.objectContaining({ reason: 'insufficient_credits' }),
    });
    expect(outcome.error?.message).toContain('too few credits left (this request needs 2, 0 remain)');
    expect(outcome.error?.message).toContain('buy more credits');
    expect(provider.emulator.requests).toHaveLength(1);
  });

  it('still answers no match for free', async () => {
    const outcome = await provider.run(
      findContact,
      { email: 'nobody@nowhere.example' },
      { account: provider.emulator.accounts.spent },
    );
    expect(outcome.result).toMatchObject({ matched: false, credits: { spent: 0 } });
  });

  it('says how far a split bulk run got when a later batch runs out', async () => {
    provider.emulator.state.keys.get(DEMO_KEYS.prospecting)!.remaining = 2;
    const people = Array.from({ length: 101 }, (_, index) => ({ email: `someone-${index}@nowhere.example` }));
    people[0] = { email: 'ana.ruiz@northwind-analytics.example' };
    people[100] = { email: 'ben.okafor@northwind-analytics.example' };
    const outcome = await provider.run(enrichContacts, { people });
    expect(outcome.error).toMatchObject({
      status: 402,
      details: expect.objectContaining({ recordsDone: 100, creditsSpent: 2 }),
    });
    expect(outcome.error?.message).toContain('records 0 to 99 of 101 were enriched first');
    expect(outcome.credits).toEqual({ spent: 2, estimated: false });
  });
});
