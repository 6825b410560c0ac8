import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { createEngine, type Logger } from '../../src/index.js';
import { startLeadsEmulator } from './support/leads-emulator.js';
import { leads, leadsAccount } from './support/leads-integration.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startLeadsEmulator();
});
afterAll(() => emulator.close());

it('counts what a call reports over its worst case, flags the step, warns, and checks later steps against the truth', async () => {
  emulator.reset();
  // enrich_contact declares a worst case of 2; this answer says it cost 5.
  emulator.faults.inject({
    path: '/contacts',
    status: 200,
    body: { contact: { email: 'ada@x.test' }, credits_used: 5 },
  });
  const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (message, fields) => warnings.push({ message, fields }),
    error() {},
  };
  const engine = await createEngine({
    integrations: [leads],
    accounts: [leadsAccount(emulator.baseUrl)],
    logger,
  });
  const result = await engine.run(
    {
      text: JSON.stringify({
        id: 'over',
        defaults: { maxCredits: 6 },
        steps: [
          { id: 'ada', step: 'leads.enrich_contact', args: { email: 'ada@x.test' } },
          { id: 'bob', step: 'leads.enrich_contact', args: { email: 'bob@x.test' } },
        ],
      }),
    },
    {},
    {},
  );

  expect(result.steps[0]).toMatchObject({
    id: 'ada',
    status: 'succeeded',
    credits: { spent: 5, estimated: false, overWorstCase: true },
  });
  expect(warnings).toEqual([
    expect.objectContaining({
      message: expect.stringContaining('more than the worst case of 2 it declared'),
      fields: expect.objectContaining({ stepKey: 'ada', spent: 5, worstCase: 2 }),
    }),
  ]);
  // 5 spent + bob's worst case 2 > 6: bob is refused on the true total, and sends nothing.
  expect(result.error).toMatchObject({ code: 'budget', step: 'bob' });
  expect(result.error?.details).toMatchObject({ spent: 5, asked: 2, allowed: 6 });
  expect(emulator.requests).toHaveLength(1);
  expect(result.credits?.total).toBe(5);
});
