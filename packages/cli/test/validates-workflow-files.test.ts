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

describe('toolsteps validate', () => {
  let temp: TempFiles;
  let valid: string;
  let invalid: string;
  let missing: string;
  beforeAll(async () => {
    temp = await tempFiles({ 'valid.json': COMPLETE_MISSING_TASK, 'invalid.json': INVALID_WORKFLOW });
    valid = temp.path('valid.json');
    invalid = temp.path('invalid.json');
    missing = temp.path('missing.json');
  });
  afterAll(() => temp.remove());

  it('exits 0 when every file is valid; without --accounts it does not ask for connected accounts', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', TRIAGE, valid]);

    expect(code).toBe(0);
    expect(stdout).toBe(`${TRIAGE}: valid\n${valid}: valid\n`);
    expect(stderr).toBe('');
  });

  it('exits 2 and reports every problem of every file, each as file:line:col', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', TRIAGE, invalid, missing]);

    expect(code).toBe(2);
    expect(stdout).toBe(`${TRIAGE}: valid\n`);
    expect(stderr.split('\n')).toEqual([
      `${invalid}: 2 problems`,
      `  ${invalid}:4:30  unknown step "tasks.complete_tsk" (did you mean "tasks.complete_task"?)  (/steps/0/step)`,
      '    list the installed steps with `toolsteps steps`',
      `  ${invalid}:5:69  must be "open" or "done" (got "closed") (input of tasks.list_tasks)  (/steps/1/args/status)`,
      `${missing}: 1 problem`,
      `  ${missing}:1:1  cannot read the workflow file: no such file`,
      '',
    ]);
  });

  it('with --json prints one document: valid overall, and per file with its diagnostics', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', valid, invalid, '--json']);

    expect(code).toBe(2);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout);
    expect(report).toEqual({
      valid: false,
      files: [
        { file: valid, valid: true, diagnostics: [] },
        { file: invalid, valid: false, diagnostics: expect.any(Array) },
      ],
    });
    expect(report.files[1].diagnostics).toEqual([
      expect.objectContaining({ code: 'unknown-step', line: 4, column: 30, pointer: '/steps/0/step' }),
      expect.objectContaining({ code: 'invalid-args', line: 5, column: 69, pointer: '/steps/1/args/status' }),
    ]);

    const allValid = await runCliHere([...TASKS, 'validate', TRIAGE, '--json']);
    expect(allValid.code).toBe(0);
    expect(JSON.parse(allValid.stdout)).toEqual({
      valid: true,
      files: [{ file: TRIAGE, valid: true, diagnostics: [] }],
    });
  });

  it('with --json still prints JSON for a file nested too deep or too large, and exits 2', async () => {
    const deep = await temp.write(
      'deep.json',
      `{"id":"x","steps":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    );
    const huge = await temp.write('huge.json', `${' '.repeat(4 * 1024 * 1024)}{}`);

    const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', deep, huge, '--json']);

    expect(code).toBe(2);
    expect(stderr).toBe('');
    const [tooDeep, tooLarge] = JSON.parse(stdout).files.map(
      (file: { diagnostics: unknown[] }) => file.diagnostics,
    );
    expect(tooDeep).toEqual([expect.objectContaining({ code: 'too-deep', line: 1, column: 274 })]);
    expect(tooLarge).toEqual([expect.objectContaining({ code: 'too-large', line: 1, column: 1 })]);
  });

  it('with --json reports an expression nested too deeply as a diagnostic instead of crashing', async () => {
    const chain = (operands: number) => `{% ${Array(operands).fill('"a"').join(' & ')} %}`;
    const workflow = (expression: string) =>
      JSON.stringify({ id: 'x', steps: [{ id: 's', assign: { v: expression } }] });
    const parsed = await temp.write('parsed.json', workflow(chain(5_000)));
    const unparsed = await temp.write('unparsed.json', workflow(chain(20_000)));

    const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', parsed, unparsed, '--json']);

    expect(code).toBe(2);
    expect(stderr).toBe('');
    const [parsedOrNot, tooDeep] = JSON.parse(stdout).files.map(
      (file: { diagnostics: Array<{ message: string }> }) => file.diagnostics,
    );
    // Whether 5,000 levels parse depends on the stack left: either way no crash, at most this diagnostic.
    expect(parsedOrNot.filter((d: { message: string }) => !d.message.includes('nested too deeply'))).toEqual(
      [],
    );
    expect(tooDeep).toEqual([
      expect.objectContaining({
        code: 'expression-syntax',
        line: 1,
        column: 47,
        message: expect.stringContaining('nested too deeply'),
      }),
    ]);
  });
});
