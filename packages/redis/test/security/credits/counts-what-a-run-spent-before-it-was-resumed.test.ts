import { afterEach, describe, expect, it } from '@jest/globals';
import { createEngine, type RunJournal } from '@toolsteps/engine';
import {
  BULK_WITHIN_450,
  enrichment,
  useEnrichmentProvider,
} from '../../../../engine/test/security/credits/support/enrichment-provider.js';
import { JOURNAL_KINDS, useFreshJournals } from '../../journal/fresh-journals.js';

/**
 * A run resumed (`engine.resume`, as `toolsteps runs resume`, `deliveries replay` and workers do)
 * starts from the credits its journal recorded, a failed step's included, and a bulk step takes back
 * the batches it already paid for: the provider never charges past the run's `defaults.maxCredits`.
 */
describe.each(JOURNAL_KINDS)('on a %s', (kind) => {
  const openJournal = useFreshJournals(kind);
  const provider = useEnrichmentProvider();
  let journal: RunJournal | undefined;
  afterEach(() => journal?.close());

  async function engineOn() {
    journal = await openJournal();
    return createEngine({ integrations: [enrichment], accounts: [provider.account], journal });
  }

  it('a bulk step the balance stopped midway, resumed, buys only what it had not bought, within defaults.maxCredits', async () => {
    const engine = await engineOn();
    const workflow = await engine.load({ text: JSON.stringify(BULK_WITHIN_450) });
    // The first batch (200) is bought; the second (150) is refused 402: 100 credits are left.
    provider.balance(300);

    const stopped = await engine.run(workflow, {}, {});

    expect(stopped.error).toMatchObject({ code: 'upstream', details: { reason: 'insufficient_credits' } });
    expect(provider.charged()).toBe(200);
    expect(stopped.credits).toMatchObject({ total: 200, estimated: false });

    provider.topUp(300);
    const resumed = await engine.resume(stopped.runId, { workflow });

    expect(resumed.status).toBe('succeeded');
    // Batch 1 was not bought again: the resume sent batches 2 (refused before) and 3.
    expect(provider.batchesSent()).toEqual(['100/0', '100/50', '100/50', '25/0']);
    expect(provider.charged()).toBe(400);
    expect(provider.charged()).toBeLessThanOrEqual(BULK_WITHIN_450.defaults.maxCredits);
    // The run counts all it spent, its first life included: what the provider charged.
    expect(resumed.credits).toMatchObject({ total: provider.charged(), estimated: false });
    expect(resumed.steps[0].credits).toEqual({ spent: 400, estimated: false });
    const result = resumed.steps[0].result as { results: unknown[]; matched: number };
    expect(result.results).toHaveLength(225);
    expect(result.matched).toBe(225);
  });

  it('a resumed run refuses a step its budget cannot hold on top of what the failed step spent', async () => {
    const engine = await engineOn();
    // Two bulk steps sharing 450: the first spends 200 before the balance stops it; resumed, the
    // second (worst case 250 more) no longer fits beside the 400 the first will have spent.
    const workflow = await engine.load({
      text: JSON.stringify({
        ...BULK_WITHIN_450,
        steps: [
          BULK_WITHIN_450.steps[0],
          {
            id: 'again',
            step: 'enrichment.enrich_contacts',
            args: { people: BULK_WITHIN_450.steps[0].args.people.slice(0, 125) },
          },
        ],
      }),
    });
    provider.balance(300);
    const stopped = await engine.run(workflow, {}, {});
    expect(stopped.error).toMatchObject({ details: { reason: 'insufficient_credits' } });

    provider.topUp(1_000);
    const resumed = await engine.resume(stopped.runId, { workflow });

    expect(resumed.error).toMatchObject({
      code: 'budget',
      step: 'again',
      details: { budget: 'run', spent: 400, asked: 250, allowed: 450 },
    });
    expect(provider.charged()).toBe(400);
    expect(resumed.credits?.total).toBe(provider.charged());
  });
});
