import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { runCliHere } from './support/cli-in-process.js';
import { REPO_ROOT, TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(240_000);

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

describe('toolsteps schema', () => {
  it('prints a JSON Schema that knows the installed steps and checks their args', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'schema']);

    expect(code).toBe(0);
    expect(stderr).toBe('');
    const schema = JSON.parse(stdout);
    expect(schema.$defs.WorkflowStep.properties.step.enum).toEqual([
      'tasks.list_tasks',
      'tasks.add_task',
      'tasks.complete_task',
    ]);

    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const triage = JSON.parse(await readFile(join(REPO_ROOT, TRIAGE), 'utf8'));
    expect(validate(triage)).toBe(true);

    const badArg = structuredClone(triage);
    badArg.steps[0].args.status = 'closed';
    expect(validate(badArg)).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toContain('/steps/0/args/status');

    const unknownStep = structuredClone(triage);
    unknownStep.steps[0].step = 'tasks.list_taks';
    expect(validate(unknownStep)).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toContain('/steps/0/step');
  });
});
