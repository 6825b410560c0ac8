import { expect, it } from '@jest/globals';
import { createEngine } from '../../../src/container/create-engine.js';
import { ANA, enrichment, useEnrichmentProvider } from './support/enrichment-provider.js';

/**
 * A request whose outcome is unknown (a 5xx, an answer that never came in time) may have been
 * charged with nothing to say so: the run counts it at its worst case, labelled estimated, and checks
 * every budget before each try that follows. The provider never charges past a budget, and the run
 * never reports less than the provider charged.
 */
const provider = useEnrichmentProvider();

/** Finds Ana (2 credits, also the step's worst case) under a run budget. */
async function findAna(maxCredits: number, step: Record<string, unknown> = {}) {
  const engine = await createEngine({ integrations: [enrichment], accounts: [provider.account] });
  const workflow = {
    id: 'find-ana',
    defaults: { maxCredits },
    steps: [{ id: 'find', step: 'enrichment.find_contact', args: ANA, ...step }],
  };
  return engine.run({ text: JSON.stringify(workflow) }, {}, {});
}

it('a 5xx the provider charged for counts its worst case: the HTTP retry the budget cannot hold is not sent', async () => {
  provider.emulator.faults.inject({ method: 'POST', path: '/person', status: 503, afterProcessing: true });

  const run = await findAna(2);

  expect(provider.charged()).toBe(2);
  expect(run.error).toMatchObject({
    code: 'budget',
    details: { budget: 'run', spent: 2, asked: 2, allowed: 2, request: 'POST /person' },
  });
  expect(run.error?.message).toContain(
    'could be charged up to 2 credits more by POST /person, but the run budget (defaults.maxCredits) allows 2, of which 2 are spent (a request whose outcome is unknown counts at its worst case, estimated); it was not sent',
  );
  expect(run.credits).toMatchObject({ total: 2, estimated: true });
  expect(run.steps[0].credits).toEqual({ spent: 2, estimated: true });
});

it('under a budget that holds the retry too, it goes, and the run counts all the provider charged', async () => {
  provider.emulator.faults.inject({ method: 'POST', path: '/person', status: 503, afterProcessing: true });

  const run = await findAna(4);

  expect(run.status).toBe('succeeded');
  expect(provider.charged()).toBe(4);
  // 2 reported by the answer, 2 estimated for the 503 that may have been charged.
  expect(run.credits).toMatchObject({ total: 4, estimated: true });
});

it('an answer that comes after the step timed out counts its worst case: the step retry the budget cannot hold is not sent', async () => {
  // Charged at once, answered a minute later: the step's timeout ends the wait, and its policy retries.
  provider.emulator.faults.inject({
    method: 'POST',
    path: '/person',
    afterProcessing: true,
    delayMs: 60_000,
  });

  const run = await findAna(2, { timeout: '1s', retry: { maxAttempts: 2, initial: '0s' } });

  expect(provider.charged()).toBe(2);
  expect(run.steps[0].attempts).toBe(2);
  expect(run.error).toMatchObject({
    code: 'budget',
    details: { budget: 'run', spent: 2, asked: 2, allowed: 2 },
  });
  expect(run.credits).toMatchObject({ total: 2, estimated: true });
});
