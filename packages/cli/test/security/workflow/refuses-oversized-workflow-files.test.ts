import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEngine, loadWorkflow } from '@toolsteps/engine';
import { registry } from '../../../../engine/test/workflow/load-helpers.js';
import { readRunInput } from '../../../src/read-input.js';

const TOO_LARGE = {
  code: 'too-large',
  pointer: '',
  line: 1,
  column: 1,
  hint: 'split it into smaller workflows, or raise maxWorkflowBytes where the engine loads workflows',
};

describe('a workflow larger than the size limit', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolsteps-size-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is refused before it is read whole: 4 MiB by default', async () => {
    const file = join(dir, 'huge.json');
    await writeFile(file, `${' '.repeat(4 * 1024 * 1024)}{}`);

    const result = await loadWorkflow(file, { registry });

    expect(result.diagnostics).toEqual([
      { ...TOO_LARGE, file, message: 'the workflow is larger than 4 MiB, the most a workflow file may be' },
    ]);
  });

  it('follows maxWorkflowBytes, for a file and for a text alike', async () => {
    const source = JSON.stringify({ id: 'flow', steps: [{ id: 'a', assign: { x: 'é'.repeat(600) } }] });
    const file = join(dir, 'flow.json');
    await writeFile(file, source);
    const options = { registry, maxWorkflowBytes: 1024 };

    const fromFile = await loadWorkflow(file, options);
    const fromText = await loadWorkflow({ text: source, file: 'flow.json' }, options);

    const message = 'the workflow is larger than 1 KiB, the most a workflow file may be';
    expect(fromFile.diagnostics).toEqual([{ ...TOO_LARGE, file, message }]);
    // 600 "é" are 600 characters but 1,200 bytes: the limit counts bytes.
    expect(fromText.diagnostics).toEqual([{ ...TOO_LARGE, file: 'flow.json', message }]);
    expect((await loadWorkflow(file, { registry, maxWorkflowBytes: 2048 })).ok).toBe(true);
  });

  // A device stands for a file that grows while it is read: its size says 0, its content never ends.
  (existsSync('/dev/zero') ? it : it.skip)(
    'stops reading a file that reports no size and never ends',
    async () => {
      const result = await loadWorkflow('/dev/zero', { registry, maxWorkflowBytes: 64 * 1024 });

      expect(result.diagnostics).toMatchObject([{ code: 'too-large', file: '/dev/zero' }]);
    },
  );

  it('follows the engine option of the same name, for load and validate', async () => {
    const engine = await createEngine({ integrations: [], maxWorkflowBytes: 1024 });
    const text = JSON.stringify({ id: 'flow', steps: [{ id: 'a', assign: { x: 'y'.repeat(2000) } }] });

    const validated = await engine.validate({ text, file: 'flow.json' });

    expect(validated.diagnostics).toMatchObject([{ code: 'too-large', file: 'flow.json' }]);
    await expect(engine.load({ text, file: 'flow.json' })).rejects.toThrow(/larger than 1 KiB/);
  });

  it('refuses a run input file over 16 MiB (toolsteps run --input @file)', async () => {
    const file = join(dir, 'input.json');
    await writeFile(file, `${' '.repeat(16 * 1024 * 1024)}{}`);

    await expect(readRunInput(`@${file}`)).rejects.toThrow(`The input file ${file} is larger than 16 MiB`);
  });
});
