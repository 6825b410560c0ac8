import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS } from './support/cli-process.js';

jest.setTimeout(240_000);

/** Completes the task the run input names; the input schema leaves its type open, the step wants a whole number. */
const complete = (id: string) => `{
  "id": "complete",
  "input": { "type": "object", "properties": { "task": {} } },
  "steps": [{ "id": "close", "step": "tasks.complete_task", "args": { "id": ${id} } }]
}
`;

let temp: TempFiles;
beforeAll(async () => {
  temp = await tempFiles({
    'literal.json': complete('"seven"'),
    'from-input.json': complete('"{% $input.task %}"'),
  });
});
afterAll(() => temp.remove());

it('says "must be a whole number (got …)" in `validate` and in `run` alike', async () => {
  const [validated, ran] = await Promise.all([
    runCliHere([...TASKS, 'validate', temp.path('literal.json')]),
    runCliHere([
      ...TASKS,
      'run',
      temp.path('from-input.json'),
      '--input',
      '{"task":"seven"}',
      '--no-journal',
    ]),
  ]);

  expect(validated.code).toBe(2);
  expect(validated.stderr).toContain('must be a whole number (got "seven") (input of tasks.complete_task)');
  expect(ran.code).toBe(1);
  expect(ran.stderr.trimEnd().split('\n').at(-1)).toBe(
    'toolsteps: the run failed: validation (step close, /steps/0/args/id): Invalid input for tasks.complete_task: args/id must be a whole number (got "seven")',
  );
});
