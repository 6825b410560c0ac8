import { describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import enrichment from '../../src/index.js';
import { enrichContacts } from '../../src/steps/enrich-contacts.js';
import { DEMO_KEYS } from '../../src/testing/index.js';
import { useEnrichmentEmulator } from '../enrichment-fixture.js';

/** 230 contacts: Ana (2 credits) in the first batch, Grace (2) in the second, Julia (1) in the third. */
const PEOPLE = Array.from({ length: 230 }, (_, index) => ({ email: `someone-${index}@nowhere.example` }));
PEOPLE[0] = { email: 'ana.ruiz@northwind-analytics.example' };
PEOPLE[150] = { email: 'grace.liu@brightpath-health.example' };
PEOPLE[229] = { email: 'julia.kim@polarpeak.example' };

describe('a split bulk never pays twice for a batch', () => {
  const provider = useEnrichmentEmulator();
  const firstEmails = () =>
    provider.emulator.requests.map((request) => (request.body as { email: string }[])[0].email);
  /** The first bulk request passes (a fault with no delay); the next `times` answer 503. */
  const failAfterFirstBatch = (times: number) => {
    provider.emulator.faults.inject({ method: 'POST', path: '/person/bulk', delayMs: 0 });
    provider.emulator.faults.inject({ method: 'POST', path: '/person/bulk', status: 503, times });
  };

  it('retries only the batch that got a transient 503, and succeeds', async () => {
    failAfterFirstBatch(1);
    const outcome = await provider.run(enrichContacts, { people: PEOPLE });
    expect(outcome.error).toBeUndefined();
    // Batch 2 went twice (the 503, then its retry); batch 1 once.
    expect(firstEmails()).toEqual([
      PEOPLE[0].email,
      'someone-100@nowhere.example',
      'someone-100@nowhere.example',
      'someone-200@nowhere.example',
    ]);
    expect(provider.emulator.remaining(DEMO_KEYS.prospecting)).toBe(1000 - 5);
    expect(outcome.result.credits).toEqual({ spent: 5, estimated: false, remaining: 995 });
    expect(outcome.result.matched).toBe(3);
  });

  it('fails a persistent failure with the done records’ results and credits, and which remain', async () => {
    failAfterFirstBatch(Number.POSITIVE_INFINITY);
    const outcome = await provider.run(enrichContacts, { people: PEOPLE });
    expect(outcome.error).toMatchObject({
      code: 'unavailable',
      status: 503,
      details: expect.objectContaining({ recordsDone: 100, creditsSpent: 2 }),
    });
    const results = outcome.error?.details?.results as { matched: boolean; person?: { fullName: string } }[];
    expect(results).toHaveLength(100);
    expect(results[0]).toMatchObject({ matched: true, person: { fullName: 'Ana Ruiz' } });
    expect(results.slice(1).every((result) => result.matched === false)).toBe(true);
    expect(outcome.error?.message).toContain(
      'records 0 to 99 of 230 were enriched first, spending 2 credits',
    );
    expect(outcome.error?.message).toContain('records 100 to 229 were not sent or not answered');
    // Each 503 may have been charged: the engine counts it at its batch's worst case, estimated.
    expect(outcome.credits).toEqual({ spent: 2 + 4 * 200, estimated: true });
    // Batch 1 was sent once; every later request was batch 2 (the HTTP layer's attempts).
    expect(firstEmails().filter((email) => email === PEOPLE[0].email)).toHaveLength(1);
    expect(new Set(firstEmails().slice(1))).toEqual(new Set(['someone-100@nowhere.example']));
    expect(provider.emulator.remaining(DEMO_KEYS.prospecting)).toBe(1000 - 2);
  });

  it('resumes a step-level retry from the first batch not answered', async () => {
    // Batch 2 fails every HTTP attempt of the step's first attempt (4), then the provider is back.
    failAfterFirstBatch(4);
    const engine = await createEngine({
      integrations: [enrichment],
      accounts: [provider.emulator.account],
      clock: provider.clock,
    });
    const run = await engine.run(
      {
        text: JSON.stringify({
          id: 'enrich-with-retry',
          steps: [
            {
              id: 'enrich',
              step: 'enrichment.enrich_contacts',
              account: provider.emulator.account.id,
              args: { people: PEOPLE },
              retry: { maxAttempts: 2, initial: '1s' },
            },
          ],
        }),
      },
      {},
      {},
    );
    expect(run.status).toBe('succeeded');
    expect(run.steps[0].attempts).toBe(2);
    expect(firstEmails().filter((email) => email === PEOPLE[0].email)).toHaveLength(1);
    expect(firstEmails().filter((email) => email === 'someone-200@nowhere.example')).toHaveLength(1);
    expect(provider.emulator.remaining(DEMO_KEYS.prospecting)).toBe(1000 - 5);
    const result = run.steps[0].result as { matched: number; results: unknown[]; credits: unknown };
    expect(result.matched).toBe(3);
    expect(result.results).toHaveLength(230);
    expect(result.credits).toEqual({ spent: 5, estimated: false, remaining: 995 });
    // The four 503s of the first attempt count at their batch's worst case, estimated.
    expect(run.credits).toMatchObject({ total: 5 + 4 * 200, estimated: true });
  });
});
