import { expect, it } from '@jest/globals';
import { createEngine } from '../../../src/container/create-engine.js';
import { enrichmentWithContactAndCompany } from './support/contact-and-company.js';
import { ANA, JULIA, useEnrichmentProvider } from './support/enrichment-provider.js';

/**
 * A retry after an unknown outcome is sent only when the budgets can pay for it on top of all the
 * step's requests already sent may cost: the worst case of one the provider answered, but whose
 * credits the step has not reported yet (it reports once, at its end), is never lent to a retry.
 * The provider never charges past the budget, and a step that fails before it reports is counted
 * the worst case of what was answered.
 */
const provider = useEnrichmentProvider();

const lookUp = (together: boolean, reports = 'at the end', email = ANA.email) => ({
  id: 'both',
  step: 'enrichment.find_contact_and_company',
  args: { email, domain: 'northwind-analytics.example', together, reports },
});

/** Runs `steps` under `maxCredits`, the first `companies503` company answers a 503 after they were charged. */
async function run(maxCredits: number, steps: object[], companies503 = 1) {
  provider.emulator.faults.inject({
    method: 'POST',
    path: '/company',
    status: 503,
    afterProcessing: true,
    times: companies503,
  });
  const engine = await createEngine({
    integrations: [enrichmentWithContactAndCompany],
    accounts: [provider.account],
  });
  const workflow = { id: 'look-up-both', defaults: { maxCredits }, steps };
  return engine.run({ text: JSON.stringify(workflow) }, {}, {});
}

/** Ana (2 credits), then her company (1) whose first answer is a 503 after it was charged. */
const lookUpBoth = (together: boolean) => run(3, [lookUp(together)]);

it.each([
  ['one after the other', false],
  ['at once', true],
])('with its lookups sent %s, the retry the budget cannot hold is not sent', async (_, together) => {
  const run = await lookUpBoth(together);

  expect(provider.charged()).toBe(3);
  expect(run.error).toMatchObject({
    code: 'budget',
    details: { budget: 'run', allowed: 3, asked: 1, request: 'POST /company' },
  });
  // Ana's answer came before the step could report it: counted at its worst case, as the 503 was.
  expect(run.credits).toMatchObject({ total: provider.charged(), estimated: true });
});

it('two iterations that each keep what their sent lookups may cost are refused, not left waiting for each other', async () => {
  // Each has Ana's 2 answered and unreported, and its company's 503 counted: a retry of either fits
  // the budget only if the other gives back what it keeps, which it does only once its own retry goes.
  const result = await run(
    6,
    [{ id: 'each', forEach: { items: [1, 2], as: 'n', concurrency: 2, steps: [lookUp(false)] } }],
    2,
  );

  expect(result.error).toMatchObject({ code: 'budget' });
  expect(provider.charged()).toBe(6);
  expect(result.credits?.total).toBe(provider.charged());
});

it('a lookup answered and reported for less than its worst case leaves room: the retry the budget holds goes', async () => {
  // Julia costs 1 of the 2 her lookup held, reported as answered: the company's 503 (1) and its
  // retry (1) fit the 3 beside her.
  const result = await run(3, [lookUp(false, 'each', JULIA.email)]);

  expect(result.status).toBe('succeeded');
  expect(provider.charged()).toBe(3);
  expect(result.credits).toMatchObject({ total: 3, estimated: true });
});
