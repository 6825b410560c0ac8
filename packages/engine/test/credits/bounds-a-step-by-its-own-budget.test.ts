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

it('refuses a step asking for more than its own maxCredits', async () => {
  emulator.reset();
  const { result } = await runLeads(
    {
      id: 'step-budget',
      steps: [{ id: 'ada', step: 'leads.enrich_contact', maxCredits: 1, args: { email: 'ada@x.test' } }],
    },
    [leadsAccount(emulator.baseUrl)],
  );
  expect(result.error).toMatchObject({ code: 'budget', step: 'ada', field: '/steps/0/maxCredits' });
  expect(result.error?.details).toMatchObject({ budget: 'step', spent: 0, asked: 2, allowed: 1 });
  expect(emulator.requests).toHaveLength(0);
});

it('counts every iteration of a step in a loop against its one maxCredits', async () => {
  emulator.reset();
  const { result } = await runLeads(
    {
      id: 'step-budget-in-a-loop',
      steps: [
        {
          id: 'each',
          forEach: {
            items: ['a@x.test', 'b@x.test', 'c@x.test'],
            as: 'email',
            steps: [
              { id: 'enrich', step: 'leads.enrich_contact', maxCredits: 3, args: { email: '{% $email %}' } },
            ],
          },
        },
      ],
    },
    [leadsAccount(emulator.baseUrl)],
  );
  // a: 0 + 2 ≤ 3, spends 1; b: 1 + 2 ≤ 3, spends 1; c: 2 + 2 > 3, refused.
  expect(result.error).toMatchObject({ code: 'budget', step: 'each[2].enrich' });
  expect(result.error?.details).toMatchObject({ budget: 'step', spent: 2, asked: 2, allowed: 3 });
  expect(emulator.requests).toHaveLength(2);
});
