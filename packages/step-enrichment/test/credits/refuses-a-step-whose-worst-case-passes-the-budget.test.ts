import { describe, expect, it } from '@jest/globals';
import { enrichCompanies } from '../../src/steps/enrich-companies.js';
import { enrichContacts } from '../../src/steps/enrich-contacts.js';
import { findContact } from '../../src/steps/find-contact.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';
import { runEnrichmentWorkflow, withSettings } from '../run-enrichment-workflow.js';

describe("budgets hold a step's worst case before it sends", () => {
  const provider = useEnrichmentEmulator();
  const capped = (maxCreditsPerRun: number) => {
    const account = provider.emulator.account;
    return { ...account, id: 'capped', settings: { ...account.settings, maxCreditsPerRun } };
  };
  const emails = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ email: `someone-${index}@nowhere.example` }));

  it('refuses 60 contacts (worst case 2 × 60 = 120) under an account budget of 100, sending nothing', async () => {
    const outcome = await provider.run(enrichContacts, { people: emails(60) }, { account: capped(100) });
    expect(outcome.error).toMatchObject({ code: 'budget' });
    expect(provider.emulator.requests).toEqual([]);
  });

  it('runs 60 companies (worst case 1 × 60) under the same budget', async () => {
    const outcome = await provider.run(
      enrichCompanies,
      { companies: emails(60).map((_, index) => ({ domain: `company-${index}.example` })) },
      { account: capped(100) },
    );
    expect(outcome.error).toBeUndefined();
  });

  it('counts a find_contact as 2 against the budget, then what the provider charged', async () => {
    expect(
      (await provider.run(findContact, { email: 'a@b.example' }, { account: capped(1) })).error,
    ).toMatchObject({
      code: 'budget',
    });
    const outcome = await provider.run(
      findContact,
      { email: 'chloe.martin@northwind-analytics.example' },
      { account: capped(2) },
    );
    expect(outcome.credits).toEqual({ spent: 1, estimated: false });
  });

  it('says what was spent, asked and allowed, and that nothing was sent', async () => {
    const account = withSettings(provider.emulator.account, { maxCreditsPerRun: 100 });
    const run = await runEnrichmentWorkflow(
      {
        id: 'over-budget',
        steps: [
          {
            id: 'chloe',
            step: 'enrichment.find_contact',
            args: { email: 'chloe.martin@northwind-analytics.example' },
          },
          { id: 'bulk', step: 'enrichment.enrich_contacts', args: { people: emails(60) } },
        ],
      },
      account,
    );
    const [found, refused] = run.steps;
    expect(found.credits).toEqual({ spent: 1, estimated: false });
    expect(refused.error).toMatchObject({
      code: 'budget',
      details: expect.objectContaining({ budget: 'account', spent: 1, asked: 120, allowed: 100 }),
    });
    expect(refused.error?.message).toBe(
      'Step "bulk" (enrichment.enrich_contacts) could spend up to 120 credits, but the account budget (setting maxCreditsPerRun of account "Demo prospecting") allows 100, of which 1 is spent; nothing was sent',
    );
    expect(refused.requests).toBe(0);
    // Only the find went out.
    expect(provider.emulator.requests.map((request) => request.path)).toEqual(['/person']);
  });
});
