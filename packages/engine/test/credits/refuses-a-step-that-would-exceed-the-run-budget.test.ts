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

it('refuses the step whose worst case would exceed defaults.maxCredits, and sends it nothing', async () => {
  emulator.reset();
  const { result } = await runLeads(
    {
      id: 'run-budget',
      defaults: { maxCredits: 3 },
      steps: [
        { id: 'ada', step: 'leads.enrich_contact', args: { email: 'ada-phone@x.test' } },
        { id: 'bob', step: 'leads.enrich_contact', args: { email: 'bob@x.test' } },
      ],
    },
    [leadsAccount(emulator.baseUrl)],
  );

  // ada spent 2; bob could spend 2 more, and 2 + 2 > 3.
  expect(result.status).toBe('failed');
  expect(result.error).toMatchObject({
    code: 'budget',
    step: 'bob',
    field: '/defaults/maxCredits',
    retryable: false,
  });
  expect(result.error?.details).toMatchObject({ budget: 'run', spent: 2, asked: 2, allowed: 3 });
  expect(emulator.requests.map((request) => request.query)).toEqual([{ email: 'ada-phone@x.test' }]);
  expect(result.steps[1]).toMatchObject({
    id: 'bob',
    status: 'failed',
    requests: 0,
    credits: { spent: 0, estimated: false },
  });
  expect(result.credits?.total).toBe(2);
});

it('lets a step run that fits exactly', async () => {
  const { result } = await runLeads(
    {
      id: 'run-budget',
      defaults: { maxCredits: 4 },
      steps: [
        { id: 'ada', step: 'leads.enrich_contact', args: { email: 'ada-phone@x.test' } },
        { id: 'bob', step: 'leads.enrich_contact', args: { email: 'bob@x.test' } },
      ],
    },
    [leadsAccount(emulator.baseUrl)],
  );
  expect(result.status).toBe('succeeded');
  expect(result.credits?.total).toBe(3);
});
