import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { RunResult } from '@toolsteps/engine';
import { COMPLETE_MISSING_TASK, type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(240_000);

describe('toolsteps runs', () => {
  let temp: TempFiles;
  let journal: string[];
  let succeeded: RunResult;
  let failed: RunResult;
  beforeAll(async () => {
    temp = await tempFiles({ 'complete-missing.json': COMPLETE_MISSING_TASK });
    journal = ['--journal', temp.path('runs.sqlite')];
    const run = async (args: string[]) =>
      JSON.parse((await runCliHere([...TASKS, 'run', ...args, ...journal, '--json'])).stdout) as RunResult;
    succeeded = await run([TRIAGE, '--input', '{"today":"2026-11-21"}']);
    failed = await run([temp.path('complete-missing.json')]);
  });
  afterAll(() => temp.remove());

  it('lists the runs newest first with their workflow, status, duration and steps done', async () => {
    const { code, stdout } = await runCliHere(['runs', ...journal]);

    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^STARTED\s+RUN\s+WORKFLOW\s+STATUS\s+DURATION\s+STEPS DONE$/);
    expect(lines[1]).toMatch(
      new RegExp(`^\\S+Z\\s+${failed.runId}\\s+complete-missing\\s+failed\\s+\\d+ ms\\s+1$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^\\S+Z\\s+${succeeded.runId}\\s+triage-stale-tasks\\s+succeeded\\s+\\d+ ms\\s+4$`),
    );
  });

  it('lists only the runs of a status, as JSON', async () => {
    const { code, stdout } = await runCliHere(['runs', '--status', 'failed', '--json', ...journal]);

    expect(code).toBe(0);
    const runs = JSON.parse(stdout) as Array<{ id: string; status: string; error: { code: string } }>;
    expect(runs.map(({ id, status, error }) => ({ id, status, code: error.code }))).toEqual([
      { id: failed.runId, status: 'failed', code: 'not_found' },
    ]);
  });

  it('shows a run named by the first characters of its id, with the trace of its steps', async () => {
    const { code, stdout } = await runCliHere(['runs', 'show', succeeded.runId.slice(0, 8), ...journal]);

    expect(code).toBe(0);
    expect(stdout).toContain(`Run ${succeeded.runId} of triage-stale-tasks: succeeded`);
    expect(stdout).toContain('input: {"today":"2026-11-21"}');
    expect(stdout).toContain('4 steps recorded:');
    expect(stdout).toMatch(/^ {4}found \(tasks\.list_tasks\): succeeded, 1 attempt, \d+ ms$/m);
    expect(stdout).toContain('args: {"id":4,"note":"Closed by triage: overdue since 2026-09-30"}');
  });

  it('shows a run as JSON: the run and the steps the run result traced', async () => {
    const { code, stdout } = await runCliHere(['runs', 'show', failed.runId, '--json', ...journal]);

    expect(code).toBe(0);
    const shown = JSON.parse(stdout);
    expect(shown).toMatchObject({ id: failed.runId, status: 'failed', error: { code: 'not_found' } });
    expect(shown.steps).toEqual(failed.steps);
  });

  it('says so, exit code 1, for a run it does not know', async () => {
    const { code, stderr } = await runCliHere(['runs', 'show', 'no-such-run', ...journal]);

    expect(code).toBe(1);
    expect(stderr).toContain('toolsteps: No run "no-such-run" is journaled');
  });
});
