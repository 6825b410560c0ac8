import { readdirSync, readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import {
  createTasksEmulator,
  DEMO_TOKEN,
  type TasksEmulator,
} from '../../../../examples/tasks/src/emulator.js';
import type { RunResult } from '../../src/contracts/events.js';
import { SqliteJournal } from '../../src/journal/index.js';
import { runCli, TASKS, TRIAGE } from './support/cli-process.js';
import { type TempFiles, tempFiles } from './support/temp-files.js';

jest.setTimeout(240_000);

let emulator: TasksEmulator;
let temp: TempFiles;
beforeAll(async () => {
  emulator = await createTasksEmulator();
  temp = await tempFiles();
});
afterAll(async () => {
  await emulator.close();
  await temp.remove();
});

it('never writes an account token to the journal file, even one passed in the input, and keeps it 0600', async () => {
  const accounts = await temp.write(
    'accounts.json',
    JSON.stringify({
      accounts: [
        {
          id: 'tasks-main',
          integration: 'tasks',
          name: 'main',
          settings: { baseUrl: emulator.baseUrl },
          credentials: { token: DEMO_TOKEN },
        },
      ],
    }),
  );
  const path = temp.path('journal/runs.sqlite');
  // The token goes into the input, the args of `found` and the variables: everywhere the journal writes.
  const input = JSON.stringify({ today: '2026-11-21', label: DEMO_TOKEN });
  const { code, stdout } = await runCli([
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
