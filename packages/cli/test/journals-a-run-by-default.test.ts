import { statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import type { RunResult } from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliIn, TRIAGE_RUN } from './support/journal-cli.js';

jest.setTimeout(240_000);

let temp: TempFiles;
beforeAll(async () => {
  temp = await tempFiles();
});
afterAll(() => temp.remove());

it('records the run, its input and every step of `toolsteps run` in .toolsteps/runs.sqlite, owner-only', async () => {
  const { code, stdout, stderr } = await runCliIn(temp.dir, [...TRIAGE_RUN, '--json']);
  expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) });
  const result = JSON.parse(stdout) as RunResult;

  const path = join(temp.dir, '.toolsteps', 'runs.sqlite');
  expect(statSync(path).mode & 0o777).toBe(0o600);
  const journal = SqliteJournal.open(path);
  try {
    expect(await journal.run(result.runId)).toEqual({
      id: result.runId,
      workflowId: 'triage-stale-tasks',
      workflowHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      workflowFile: expect.stringMatching(/triage\.json$/),
      input: { today: '2026-11-21' },
      status: 'succeeded',
      startedAt: result.startedAt,
      finishedAt: result.startedAt + result.durationMs,
      output: result.output,
      vars: result.vars,
      stepsDone: 4,
      ownerPid: expect.any(Number),
      ownerHost: hostname(),
      resumes: 0,
      cancelRequested: false,
    });
    // The same trace the run result holds: found, the forEach, and one close per overdue task.
    const steps = await journal.steps(result.runId);
    expect(steps.map((step) => step.stepKey).sort()).toEqual(
      ['closed', 'closed[0].close', 'closed[1].close', 'found'].sort(),
    );
    for (const step of result.steps) expect(steps).toContainEqual(step);
  } finally {
    await journal.close();
  }
});
