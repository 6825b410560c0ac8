import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS } from './support/cli-process.js';

jest.setTimeout(240_000);

/** The tasks triage, reading `$input.lable` where the schema declares "label" (line 9, column 55). */
const MISSPELT = `{
  "id": "misspelt",
  "input": {
    "type": "object",
    "properties": { "label": { "type": "string" }, "today": { "type": "string" } }
  },
  "steps": [
    { "id": "found", "step": "tasks.list_tasks",
      "args": { "status": "open", "label": "{% $input.lable %}" } }
  ]
}
`;

let temp: TempFiles;
beforeAll(async () => {
  temp = await tempFiles({ 'misspelt.json': MISSPELT });
});
afterAll(() => temp.remove());

it('`validate` refuses an $input field the input schema does not declare, with a did-you-mean', async () => {
  const file = temp.path('misspelt.json');
  const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', file]);

  expect(code).toBe(2);
  expect(stdout).toBe('');
  expect(stderr.split('\n')).toEqual([
    `${file}: 1 problem`,
    `  ${file}:9:55  $input has no "lable" in the workflow's input schema (did you mean "label"?)  (/steps/0/args/label)`,
    `    the schema declares "label" and "today" in $input; add "lable" to its "properties" if the run input has it`,
    '',
  ]);
});

it('`run` refuses it too, before anything runs', async () => {
  const { code, stderr } = await runCliHere([...TASKS, 'run', temp.path('misspelt.json'), '--no-journal']);

  expect(code).toBe(2);
  expect(stderr).toContain('$input has no "lable" in the workflow\'s input schema (did you mean "label"?)');
  expect(stderr).not.toContain('running against local emulators');
});
