import { readdirSync, readFileSync, statSync } from 'node:fs';
import { expect, it, jest } from '@jest/globals';
import type { RunResult } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import { DEMO_TOKEN } from '../../../examples/tasks/src/testing/index.js';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS, TRIAGE } from './support/cli-process.js';
import { useTasksWorld } from './support/tasks-world.js';

jest.setTimeout(240_000);

const world = useTasksWorld();

it('never writes an account token to the journal file, even one passed in the input, and keeps it 0600', async () => {
  const { temp } = world;
  const accounts = await world.accountsFile();
  const path = temp.path('journal/runs.sqlite');
  // The token goes into the input, the args of `found` and the variables: everywhere the journal writes.
  const input = JSON.stringify({ today: '2026-11-21', label: DEMO_TOKEN });
  const { code, stdout } = await runCliHere([
    ...TASKS,
    'run',
    TRIAGE,
    '--input',
    input,
    '--accounts',
    accounts,
    '--journal',
    path,
    '--json',
  ]);
  expect(code).toBe(0);
  const { runId } = JSON.parse(stdout) as RunResult;

  const journal = SqliteJournal.open(path);
  try {
    const run = await journal.run(runId);
    expect(run?.status).toBe('succeeded');
    expect(JSON.stringify(run?.input)).not.toContain(DEMO_TOKEN);
    expect(JSON.stringify(await journal.steps(runId))).not.toContain(DEMO_TOKEN);
  } finally {
    await journal.close();
  }
  // The bytes themselves, the write-ahead log included if one is left.
  const files = readdirSync(temp.path('journal')).filter((name) => name.startsWith('runs.sqlite'));
  expect(files).toContain('runs.sqlite');
  for (const name of files) {
    const file = temp.path(`journal/${name}`);
    expect(readFileSync(file).includes(DEMO_TOKEN)).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }
});
