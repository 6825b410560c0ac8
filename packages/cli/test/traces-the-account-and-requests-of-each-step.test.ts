import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import tasks from '../../../examples/tasks/src/index.js';
import { createTasksEmulator, type TasksEmulator } from '../../../examples/tasks/src/testing/index.js';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(240_000);

const INPUT = ['--input', '{"today":"2026-11-21"}'];
const DEMO_ACCOUNT = { id: 'tasks-demo', name: 'Demo tasks' };

describe('the trace of a CLI run', () => {
  let temp: TempFiles;
  beforeAll(async () => {
    temp = await tempFiles();
  });
  afterAll(() => temp.remove());

  it('names the account of each step and lists its requests: method, path without its query, status', async () => {
    const journal = temp.path('runs.sqlite');
    const run = await runCliHere([...TASKS, 'run', TRIAGE, ...INPUT, '--journal', journal, '--json']);

    expect(run.code).toBe(0);
    const steps = JSON.parse(run.stdout).steps;
    const found = steps.find((step: { stepKey: string }) => step.stepKey === 'found');
    // The step asked for GET /tasks?status=open&label=stale: the query stays out of the trace.
    expect(found).toMatchObject({
      requests: 1,
      account: DEMO_ACCOUNT,
      requestLog: [{ method: 'GET', path: '/tasks', status: 200 }],
    });
    const close = steps.find((step: { stepKey: string }) => step.stepKey === 'closed[0].close');
    expect(close).toMatchObject({
      account: DEMO_ACCOUNT,
      requestLog: [{ method: 'PUT', path: '/tasks/2/completion', status: 200 }],
    });
    // A loop holds no account and sends nothing itself.
    const loop = steps.find((step: { stepKey: string }) => step.stepKey === 'closed');
    expect(loop.account).toBeUndefined();
    expect(loop.requestLog).toBeUndefined();

    const show = await runCliHere(['runs', 'show', JSON.parse(run.stdout).runId, '--journal', journal]);
    expect(show.code).toBe(0);
    const lines = show.stdout.split('\n');
    const at = lines.findIndex((line) => line.startsWith('    found (tasks.list_tasks): succeeded'));
    expect(lines.slice(at + 1, at + 3)).toEqual([
      '      account: Demo tasks (tasks-demo)',
      '      GET /tasks 200',
    ]);
    expect(show.stdout).not.toContain('status=open');
  });
});

describe('toolsteps run --help', () => {
  it('says that --json hides the progress lines, and what the trace holds', async () => {
    const { code, stdout } = await runCliHere(['run', '--help']);

    expect(code).toBe(0);
    expect(stdout.replace(/\s+/g, ' ')).toContain(
      "--json print one JSON document: the run result, each step's trace with its account and requests; no progress lines on stderr",
    );
  });
});

describe('an embedded engine', () => {
  let emulator: TasksEmulator;
  beforeAll(async () => {
    emulator = await createTasksEmulator();
  });
  afterAll(() => emulator.close());

  it('names the account of each step, and lists requests only when asked to (traceRequests)', async () => {
    const workflow = JSON.stringify({
      id: 'list',
      steps: [{ id: 'found', step: 'tasks.list_tasks', args: { status: 'open' } }],
    });
    const plain = await createEngine({ integrations: [tasks], accounts: [emulator.account] });
    const traced = await createEngine({
      integrations: [tasks],
      accounts: [emulator.account],
      traceRequests: true,
    });

    const [quiet] = (await plain.run({ text: workflow })).steps;
    const [told] = (await traced.run({ text: workflow })).steps;

    const account = { id: emulator.account.id, name: emulator.account.name };
    expect(quiet).toMatchObject({ requests: 1, account });
    expect(quiet.requestLog).toBeUndefined();
    expect(told).toMatchObject({
      requests: 1,
      account,
      requestLog: [{ method: 'GET', path: '/tasks', status: 200 }],
    });
  });
});
