import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadBinding } from '../../src/triggers/index.js';
import { type TempFiles, tempFiles } from '../support/temp-files.js';
import { BOARD, bindingText, positionOf, problemsOf, registry } from './binding-helpers.js';

describe("a binding's workflow", () => {
  let temp: TempFiles;
  let broken: string;
  beforeAll(async () => {
    const triage = await readFile(join(BOARD, 'triage.json'), 'utf8');
    broken = triage.replace('"board.add_comment"', '"board.add_coment"');
    temp = await tempFiles({ 'broken.json': broken });
  });
  afterAll(() => temp.remove());

  it('must be a file that can be read, relative to the binding', async () => {
    const source = bindingText({ workflow: './missing.json' });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'workflow-invalid',
        pointer: '/workflow',
        message: `cannot read the workflow ${join(BOARD, 'missing.json')}: no such file`,
        ...positionOf(source, '"./missing.json"'),
      }),
    ]);
  });

  it("must be valid: its own problems come along, located in its own file, with the binding's", async () => {
    const source = bindingText({ workflow: './broken.json', config: { board: 'Road Map' } });
    const result = await loadBinding({ text: source, file: temp.path('b.json') }, { registry });
    expect(result.ok).toBe(false);
    expect(
      result.diagnostics.map(({ code, file, pointer, line, column }) => ({
        code,
        file,
        pointer,
        line,
        column,
      })),
    ).toEqual([
      {
        code: 'invalid-config',
        file: temp.path('b.json'),
        pointer: '/config/board',
        ...positionOf(source, '"Road Map"'),
      },
      {
        code: 'workflow-invalid',
        file: temp.path('b.json'),
        pointer: '/workflow',
        ...positionOf(source, '"./broken.json"'),
      },
      {
        code: 'unknown-step',
        file: temp.path('broken.json'),
        pointer: '/steps/0/step',
        ...positionOf(broken, '"board.add_coment"'),
      },
    ]);
    expect(result.diagnostics[1].message).toBe(
      `the workflow ${temp.path('broken.json')} is invalid (1 problem, listed with it)`,
    );
  });
});
