import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { RunResult } from '@toolsteps/engine';
import {
  BULK_WITHIN_450,
  useEnrichmentProvider,
} from '../../../../engine/test/security/credits/support/enrichment-provider.js';
import { type TempFiles, tempFiles } from '../../../../engine/test/support/temp-files.js';
import { runCliHere } from '../../support/cli-in-process.js';

jest.setTimeout(300_000);

const provider = useEnrichmentProvider();
let temp: TempFiles;
beforeAll(async () => {
  temp = await tempFiles();
});
afterAll(() => temp.remove());

it('`toolsteps runs resume`, in a process of its own, buys no batch twice and keeps the run within defaults.maxCredits', async () => {
  const accounts = await temp.write('accounts.json', JSON.stringify({ accounts: [provider.account] }));
  const workflow = await temp.write('enrich-within-450.json', JSON.stringify(BULK_WITHIN_450));
  const journal = temp.path('runs.sqlite');
  // The first batch (200) is bought; the second (150) is refused 402: 100 credits are left.
  provider.balance(300);

  const stopped = await runCliHere(['run', workflow, '--accounts', accounts, '--journal', journal, '--json']);

  expect(stopped.code).toBe(1);
  const { runId, credits } = JSON.parse(stopped.stdout) as RunResult;
  expect(credits).toMatchObject({ total: 200 });
  expect(provider.charged()).toBe(200);

  provider.topUp(300);
  const resumed = await runCliHere([
    'runs',
    'resume',
    runId,
    '--accounts',
    accounts,
    '--journal',
    journal,
    '--json',
  ]);

  expect(resumed.code).toBe(0);
  // The new process had only the journal: batch 1 came back from it, not from the provider.
  expect(provider.batchesSent()).toEqual(['100/0', '100/50', '100/50', '25/0']);
  expect(provider.charged()).toBe(400);
  expect(provider.charged()).toBeLessThanOrEqual(BULK_WITHIN_450.defaults.maxCredits);
  expect((JSON.parse(resumed.stdout) as RunResult).credits).toMatchObject({
    total: provider.charged(),
    estimated: false,
  });
});
