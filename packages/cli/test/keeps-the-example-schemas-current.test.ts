import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { runCliHere } from './support/cli-in-process.js';
import { REPO_ROOT, TASKS } from './support/cli-process.js';

jest.setTimeout(240_000);

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** Each committed catalog schema, the `toolsteps` arguments that print it, and the workflows pointing at it. */
const SCHEMAS = [
  {
    file: 'examples/workflow.schema.json',
    args: ['schema'],
    workflows: [
      'examples/github-triage.json',
      'examples/onboard-team.json',
      'examples/support-escalation.json',
      'examples/sales-prospecting.json',
      'examples/triggers/triage-bug.json',
    ],
  },
  {
    file: 'examples/tasks/workflow.schema.json',
    args: [...TASKS, 'schema'],
    workflows: ['examples/tasks/workflows/triage.json'],
  },
];

const REFRESH =
  'pnpm toolsteps schema > examples/workflow.schema.json; pnpm toolsteps --config examples/tasks/toolsteps.config.json schema > examples/tasks/workflow.schema.json';

const readJson = async (path: string) => JSON.parse(await readFile(join(REPO_ROOT, path), 'utf8'));

describe.each(SCHEMAS)('$file', ({ file, args, workflows }) => {
  it(`is what \`toolsteps ${args.join(' ')}\` prints now (to refresh: ${REFRESH})`, async () => {
    const { code, stdout } = await runCliHere(args);

    expect(code).toBe(0);
    expect(await readJson(file)).toEqual(JSON.parse(stdout));
  });

  it('is the $schema of the example workflows, which it accepts', async () => {
    const validate = compile(await readJson(file));
    for (const workflow of workflows) {
      const document = await readJson(workflow);
      expect(resolve(REPO_ROOT, dirname(workflow), document.$schema)).toBe(resolve(REPO_ROOT, file));
      expect({ workflow, valid: validate(document), errors: validate.errors }).toEqual({
        workflow,
        valid: true,
        errors: null,
      });
    }
  });

  it('reports one error, at the step id, for one misspelt step id', async () => {
    const validate = compile(await readJson(file));
    const document = await readJson(workflows[0]);
    const index = document.steps.findIndex((step: { step?: string }) => step.step !== undefined);
    document.steps[index].step = `${document.steps[index].step}x`;

    expect(validate(document)).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({ instancePath: `/steps/${index}/step`, keyword: 'enum' }),
    ]);
  });
});

function compile(schema: object) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}
