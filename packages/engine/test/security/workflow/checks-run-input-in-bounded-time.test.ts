import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { schemaCheck } from '@toolsteps/sdk/schema';
import { loadWorkflow } from '../../../src/workflow/index.js';
import { positionOf, registry, text } from '../../workflow/load-helpers.js';

const here = dirname(fileURLToPath(import.meta.url));

/** `$defs` d1…dN, each requiring the one below twice: 2^N checks of d0 for one string. */
function doubling(levels: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = { d0: { type: 'string', minLength: 1 } };
  for (let level = 1; level <= levels; level++) {
    const below = { $ref: `#/$defs/d${level - 1}` };
    $defs[`d${level}`] = { allOf: [below, below] };
  }
  return { type: 'object', $defs, properties: { name: { $ref: `#/$defs/d${levels}` } } };
}

const withInput = (input: unknown) =>
  text({ id: 'flow', input, steps: [{ id: 's', assign: { v: '{% $input.name %}' } }], output: '{% $v %}' });

/** Runs a workflow in a child Node, killed after 20 s: a synchronous check cannot be stopped otherwise. */
async function runInChild(workflow: string, input: unknown) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(here, 'support', 'run-in-child.ts'), workflow, JSON.stringify(input)],
    { cwd: here, timeout: 20_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
}

async function load(source: string) {
  return loadWorkflow({ text: source, file: 'flow.json' }, { registry });
}

describe("a workflow's input schema, applied to untrusted run input", () => {
  it('checks a pattern on RE2: "^(a+)+$" against 40 "a" and a "!" fails at once instead of backtracking', async () => {
    const source = withInput({
      type: 'object',
      properties: { name: { type: 'string', pattern: '^(a+)+$' } },
    });

    // Before RE2, the refused input backtracked for minutes in one call, and the child was killed.
    const refused = await runInChild(source, { name: `${'a'.repeat(40)}!` });
    const accepted = await runInChild(source, { name: 'a'.repeat(40) });

    expect(refused).toEqual({ status: 'failed', error: { code: 'validation', field: '/input/name' } });
    expect(accepted).toEqual({ status: 'succeeded', output: 'a'.repeat(40) });
  });

  it('is refused at load when a pattern needs what RE2 lacks, at the pattern', async () => {
    const source = withInput({
      type: 'object',
      properties: { name: { type: 'string', pattern: '^(?!admin).*$' } },
      patternProperties: { '(\\w)\\1': { type: 'string' } },
    });

    const diagnostics = (await load(source)).diagnostics;

    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'input-schema',
        pointer: '/input/properties/name/pattern',
        message: expect.stringContaining('a lookahead'),
        ...positionOf(source, '"^(?!admin).*$"'),
      }),
      expect.objectContaining({
        code: 'input-schema',
        pointer: '/input/patternProperties/(\\w)\\1',
        message: expect.stringContaining('a backreference'),
        ...positionOf(source, '"(\\\\w)\\\\1"'),
      }),
    ]);
  });

  it('is refused at load when its $refs fan out past 10,000 subschemas (22 doublings: 4 million)', async () => {
    const source = withInput(doubling(22));

    const diagnostics = (await load(source)).diagnostics;

    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'input-schema',
        pointer: '/input',
        message:
          'the input schema grows past 10000 subschemas once its "$ref"s are followed; checking run input against it would take too long',
      }),
    ]);
  });

  it('is refused at load when a $ref reaches the schema that holds it, or points outside it', async () => {
    const recursive = withInput({
      type: 'object',
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      properties: { tree: { $ref: '#/$defs/node' } },
    });
    const remote = withInput({
      type: 'object',
      properties: { name: { $ref: 'https://example.com/name.json' } },
    });

    expect((await load(recursive)).diagnostics).toEqual([
      expect.objectContaining({
        code: 'input-schema',
        pointer: '/input/$defs/node/properties/child/$ref',
        message: expect.stringContaining('recursive schemas are not allowed here'),
      }),
    ]);
    expect((await load(remote)).diagnostics).toEqual([
      expect.objectContaining({ code: 'input-schema', pointer: '/input/properties/name/$ref' }),
    ]);
  });

  it('still accepts a schema of local $refs that stays small', async () => {
    const source = withInput(doubling(8));

    expect((await load(source)).diagnostics).toEqual([]);
  });
});

describe('a schema check of a value that fails everywhere', () => {
  it('reports only the first failure once collecting them all would cost too much', () => {
    // 2^14 failures of d0 for one empty string: before, every one was collected and described.
    const check = schemaCheck(doubling(14));

    const violations = check({ name: '' });

    expect(violations).toEqual([{ pointer: '/name', message: 'must NOT have fewer than 1 characters' }]);
  });

  it('still reports every failure of a value and schema of ordinary size', () => {
    const check = schemaCheck({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['c'],
    });

    expect(check({ a: 1, b: 'x' })).toHaveLength(3);
  });
});
