import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { startLeadsEmulator } from '../../../engine/test/credits/support/leads-emulator.js';
import { leadsAccount } from '../../../engine/test/credits/support/leads-integration.js';
import { runLeads } from '../../../engine/test/credits/support/run-leads.js';
import type { Output } from '../../src/output.js';
import { progressReporter } from '../../src/progress.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startLeadsEmulator();
});
afterAll(() => emulator.close());

const workflow = {
  id: 'events',
  defaults: { maxCredits: 3 },
  steps: [
    { id: 'ada', step: 'leads.enrich_contact', args: { email: 'ada-phone@x.test' } },
    { id: 'acme', step: 'leads.enrich_company', args: { domain: 'acme.test' } },
    { id: 'bob', step: 'leads.enrich_contact', args: { email: 'bob@x.test' } },
  ],
};

it('carries credits on step.succeeded, step.failed and run.finished', async () => {
  const { events } = await runLeads(workflow, [leadsAccount(emulator.baseUrl)]);
  const credited = events
    .filter((event) => event.type !== 'step.started')
    .map((event) => ({ type: event.type, credits: 'credits' in event ? event.credits : undefined }));
  expect(credited).toEqual([
    { type: 'run.started', credits: undefined },
    { type: 'step.succeeded', credits: { spent: 2, estimated: false } },
    { type: 'step.succeeded', credits: { spent: 1, estimated: true } },
    { type: 'step.failed', credits: { spent: 0, estimated: false } },
    {
      type: 'run.finished',
      credits: { total: 3, estimated: true, byAccount: { 'leads-main': { spent: 3, estimated: true } } },
    },
  ]);
});

it('shows credits on the progress lines of steps and runs that spent some', async () => {
  const lines: string[] = [];
  const output = { interactive: false, colors: () => undefined, note: (line: string) => lines.push(line) };
  const { events } = await runLeads(workflow, [leadsAccount(emulator.baseUrl)]);
  const report = progressReporter(output as unknown as Output);
  for (const event of events) report(event);
  const shown = lines.map((line) => line.replace(/\d+ ms/, 'N ms'));
  expect(shown).toContain('step ada succeeded in N ms, 2 credits');
  expect(shown).toContain('step acme succeeded in N ms, ~1 credit');
  expect(shown).toContain('run failed in N ms, ~3 credits');
});
