import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import type { CompiledExpression } from '../../../src/expressions/compiled-expression.js';
import { createEngine } from '../../../src/index.js';
import { compileWorkflow, loadWorkflow, type Workflow } from '../../../src/workflow/index.js';
import { positionOf, registry } from '../../workflow/load-helpers.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Loads a workflow text in a child Node with a 256 MB heap: running out of memory kills the child only. */
async function loadInSmallHeap(text: string) {
  const dir = await mkdtemp(join(tmpdir(), 'toolsteps-expressions-'));
  try {
    const file = join(dir, 'flow.json');
    await writeFile(file, text);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--max-old-space-size=256', '--import', 'tsx', join(here, 'support', 'load-in-child.ts'), file],
      { cwd: here, timeout: 60_000 },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `steps` steps, each assigning `perStep` variables the same tiny expression. */
function dense(steps: number, perStep: number): string {
  const assign = (step: number) =>
    Object.fromEntries(Array.from({ length: perStep }, (_, index) => [`v${step}_${index}`, '{%1%}']));
  return JSON.stringify({
    id: 'dense',
    steps: Array.from({ length: steps }, (_, step) => ({ id: `s${step}`, assign: assign(step) })),
  });
}

describe('a workflow with more expressions than a workflow may hold', () => {
  it('is refused at the first expression over the limit, before any is compiled: 10,000 by default', async () => {
    const text = dense(11, 1_000);

    const result = await loadWorkflow({ text, file: 'dense.json' }, { registry });

    expect(result.diagnostics).toEqual([
      {
        code: 'too-many-expressions',
        pointer: '/steps/10/assign/v10_0',
        message: 'this is expression number 10001: a workflow may hold at most 10000 {% … %} expressions',
        hint: 'split it into smaller workflows, or raise maxExpressions where the engine loads workflows',
        file: 'dense.json',
        ...positionOf(text, '"v10_0":"{%1%}"', '"v10_0":'.length),
      },
    ]);
  });

  it('follows maxExpressions, counting every {% … %} string in file order', async () => {
    const source = JSON.stringify(
      {
        id: 'flow',
        steps: [
          { id: 'a', if: '{% true %}', assign: { x: '{% 1 %}' } },
          { id: 'b', assign: { y: '{% $x + 1 %}' } },
        ],
        output: '{% $y %}',
      },
      null,
      2,
    );

    const refused = await loadWorkflow({ text: source, file: 'flow.json' }, { registry, maxExpressions: 2 });
    const loaded = await loadWorkflow({ text: source, file: 'flow.json' }, { registry, maxExpressions: 4 });

    expect(refused.diagnostics).toEqual([
      expect.objectContaining({
        code: 'too-many-expressions',
        pointer: '/steps/1/assign/y',
        ...positionOf(source, '"{% $x + 1 %}"'),
      }),
    ]);
    expect(loaded.ok).toBe(true);
  });

  it('follows the engine option of the same name', async () => {
    const engine = await createEngine({ integrations: [], maxExpressions: 1 });
    const text = JSON.stringify({ id: 'flow', steps: [{ id: 'a', assign: { x: '{% 1 %}', y: '{% 2 %}' } }] });

    const validated = await engine.validate({ text, file: 'flow.json' });

    expect(validated.diagnostics).toMatchObject([
      { code: 'too-many-expressions', pointer: '/steps/0/assign/y' },
    ]);
  });

  it('is refused in a 256 MB heap when 4 MiB of tiny expressions would exhaust memory', async () => {
    // 210,000 expressions in 3.7 MB: before the limit, compiling them took over 4 GB.
    const outcome = await loadInSmallHeap(dense(210, 1_000));

    expect(outcome).toEqual({
      ok: false,
      diagnostics: [
        expect.objectContaining({ code: 'too-many-expressions', pointer: '/steps/10/assign/v10_0' }),
      ],
    });
  });
});

describe('an expression written in several places', () => {
  const workflow: Workflow = {
    id: 'flow',
    steps: [
      { id: 'a', assign: { x: '{% $input.n * 2 %}', y: '{% $input.n * 2 %}' } },
      { id: 'b', assign: { z: '{% $input.n * 2 %}' } },
    ],
  };

  it('is compiled once per load, for all its places', () => {
    const found = new Map<string, CompiledExpression>();

    compileWorkflow(workflow, { onExpression: ({ pointer, expression }) => found.set(pointer, expression) });

    expect([...found.keys()]).toEqual(['/steps/0/assign/x', '/steps/0/assign/y', '/steps/1/assign/z']);
    expect(new Set(found.values()).size).toBe(1);
  });

  it('still evaluates each place with its own bindings, at the same time', async () => {
    const compiled = compileWorkflow(workflow);
    const x = compiled.steps[0].assign?.x;
    const z = compiled.steps[1].assign?.z;

    const results = await Promise.all([
      x?.evaluate({ input: { n: 1 } }, 'a'),
      z?.evaluate({ input: { n: 21 } }, 'b'),
    ]);

    expect(results).toEqual([2, 42]);
  });
});
