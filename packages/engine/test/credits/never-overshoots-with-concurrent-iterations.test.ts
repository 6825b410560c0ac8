import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { startLeadsEmulator } from './support/leads-emulator.js';
import { leadsAccount } from './support/leads-integration.js';
import { runLeads } from './support/run-leads.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startLeadsEmulator();
});
afterAll(() => emulator.close());

/** A loop enriching `emails` 3 at a once, each answer slowed so the iterations overlap. */
function enrichAtOnce(emails: string[], maxCredits: number) {
  emulator.reset();
  emulator.faults.inject({ path: '/contacts', delayMs: 50, times: emails.length });
  return runLeads(
    {
      id: 'concurrent',
      defaults: { maxCredits },
      steps: [
        {
          id: 'each',
          forEach: {
            items: emails,
            as: 'email',
            concurrency: 3,
            steps: [{ id: 'enrich', step: 'leads.enrich_contact', args: { email: '{% $email %}' } }],
          },
        },
      ],
    },
    [leadsAccount(emulator.baseUrl)],
  );
}

it('never lets iterations running at once spend more than the budget together', async () => {
  // Every contact costs its worst case, 2: three in flight hold 6 of 7, and no fourth fits after them.
  const emails = Array.from({ length: 6 }, (_, index) => `phone-${index}@x.test`);
  const { result } = await enrichAtOnce(emails, 7);

  expect(result.error).toMatchObject({ code: 'budget' });
  expect(result.error?.details).toMatchObject({ budget: 'run', spent: 6, asked: 2, allowed: 7 });
  expect(emulator.requests).toHaveLength(3);
  expect(result.credits?.total).toBe(6);
});

it('waits for running iterations to settle when only what they hold is in the way', async () => {
  // Each holds 2 but spends 1: a fourth fits once the first ones settle, so all four run.
  const emails = ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test'];
  const { result } = await enrichAtOnce(emails, 5);

  expect(result.status).toBe('succeeded');
  expect(result.credits?.total).toBe(4);
  expect(emulator.requests).toHaveLength(4);
  expect(emulator.peakInFlight).toBeLessThanOrEqual(2);
});
