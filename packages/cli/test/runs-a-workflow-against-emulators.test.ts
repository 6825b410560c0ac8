import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  COMPLETE_MISSING_TASK,
  INVALID_WORKFLOW,
  type TempFiles,
  tempFiles,
} from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(240_000);

const TRIAGE_OUTPUT = { checked: 2, closed: ['Answer the pricing question', 'Archive the old board'] };
const ESCAPE = '\u001b[';

describe('toolsteps run without --accounts', () => {
  let temp: TempFiles;
  beforeAll(async () => {
    temp = await tempFiles({
      'input.json': '{ "today": "2026-11-21", "label": "stale" }',
      'complete-missing.json': COMPLETE_MISSING_TASK,
      'invalid.json': INVALID_WORKFLOW,
    });
  });
  afterAll(() => temp.remove());

  it('runs on the emulators, says so, shows plain progress and prints the output', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--input',
      '{"today":"2026-11-21"}',
    ]);

    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(TRIAGE_OUTPUT);
    expect(stderr).toMatch(
      /^No --accounts given: running against local emulators with demo accounts \(tasks at http:\/\/127\.0\.0\.1:\d+\)$/m,
    );
    // Not a terminal: one plain line per event, in a form CI logs keep readable.
    expect(stderr).toMatch(/^run [0-9a-f-]{36} of triage-stale-tasks started$/m);
    for (const line of [
      'step found started',
      'step closed[0].close started',
      'step closed[1].close started',
    ]) {
      expect(stderr.split('\n')).toContain(line);
    }
    expect(stderr).toMatch(/^step found succeeded in \d+ ms$/m);
    expect(stderr).toMatch(/^step closed\[1\]\.close succeeded in \d+ ms$/m);
    expect(stderr).toMatch(/^run succeeded in \d+ ms$/m);
    expect(stderr).not.toContain(ESCAPE);
    expect(stderr).not.toContain('✓');
  });

  it('with --json prints one JSON document, the run result with its trace, reading --input @file', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--json',
      '--input',
      `@${temp.path('input.json')}`,
    ]);

    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      workflowId: 'triage-stale-tasks',
      status: 'succeeded',
      output: TRIAGE_OUTPUT,
    });
    expect(result.steps.map((s: { stepKey: string; status: string }) => `${s.stepKey} ${s.status}`)).toEqual([
      'found succeeded',
      'closed succeeded',
      'closed[0].close succeeded',
      'closed[1].close succeeded',
    ]);
    expect(result.steps[0]).toMatchObject({
      step: 'tasks.list_tasks',
      args: { status: 'open', label: 'stale' },
    });
    // The emulator note stays on stderr; no progress line is drawn.
    expect(stderr).toMatch(/running against local emulators/);
    expect(stderr).not.toMatch(/^step /m);
  });

  it('exits 2 with a clear message when --input is not JSON or its file is missing, running nothing', async () => {
    const missing = temp.path('no-such-input.json');
    const [notJson, noFile] = await Promise.all([
      runCliHere([...TASKS, 'run', TRIAGE, '--input', '{today: 2026}']),
      runCliHere([...TASKS, 'run', TRIAGE, '--input', `@${missing}`]),
    ]);

    expect(notJson.code).toBe(2);
    expect(notJson.stdout).toBe('');
    expect(notJson.stderr).toMatch(/^toolsteps: --input is not valid JSON: .+\n$/);
    expect(noFile.code).toBe(2);
    expect(noFile.stdout).toBe('');
    expect(noFile.stderr).toBe(`toolsteps: Cannot read the input file ${missing} (ENOENT)\n`);
  });

  it("exits 2 when the input breaks the workflow's input schema, says which field, and runs nothing", async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--input',
      '{"today":20261121}',
    ]);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `toolsteps: the run input does not match the input schema of ${TRIAGE} (1 problem); nothing ran\n` +
        '  input/today must be a string (got 20261121)\n',
    );
  });

  it('exits 1 when a step fails at run time, printing the step and the API answer', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'run', temp.path('complete-missing.json')]);

    expect(code).toBe(1);
    expect(stdout).toBe('');
    const answer = 'Tasks (example) answered 404 to PUT /tasks/999/completion: No task 999';
    expect(stderr).toContain(`step close failed: not_found: ${answer}`);
    expect(stderr).toMatch(/^run failed in \d+ ms$/m);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(
      `toolsteps: the run failed: not_found (step close): ${answer}`,
    );
  });

  it('exits 2 on an invalid workflow, listing every problem as file:line:col, and runs nothing', async () => {
    const file = temp.path('invalid.json');
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'run', file, '--input', '{}']);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${file}: 2 problems`);
    expect(stderr).toContain(
      `${file}:4:30  unknown step "tasks.complete_tsk" (did you mean "tasks.complete_task"?)  (/steps/0/step)`,
    );
    expect(stderr).toContain(`${file}:5:69  must be "open" or "done" (got "closed")`);
    expect(stderr).not.toMatch(/emulators|started/);
  });
});
