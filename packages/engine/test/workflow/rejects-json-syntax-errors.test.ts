import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { formatDiagnostic, loadWorkflow } from '../../src/workflow/index.js';
import { positionOf, problemsOf, registry } from './load-helpers.js';

describe('a workflow file that is not strict JSON', () => {
  it('reports a trailing comma at the comma, with line and column', async () => {
    const source = '{\n  "id": "flow",\n  "steps": [\n    { "id": "a", "assign": { "x": 1 } },\n  ]\n}';
    const [problem, ...rest] = await problemsOf(source);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      code: 'json-syntax',
      message: 'trailing commas are not allowed in JSON',
      file: 'flow.json',
      ...positionOf(source, '},\n  ]', 1),
    });
    expect(formatDiagnostic(problem)).toBe('flow.json:4:40 /steps/0 trailing commas are not allowed in JSON');
  });

  it('refuses comments, which JSON does not have', async () => {
    const source = '{\n  "id": "flow", // the name\n  "steps": [{ "id": "a", "assign": { "x": 1 } }]\n}';
    const [problem] = await problemsOf(source);
    expect(problem).toMatchObject({
      code: 'json-syntax',
      message: 'comments are not allowed: workflow files are strict JSON',
      line: 2,
      column: 17,
    });
  });

  it('names a missing comma and where it should be', async () => {
    const source = '{\n  "id": "flow"\n  "steps": []\n}';
    const [problem] = await problemsOf(source);
    expect(problem).toMatchObject({ code: 'json-syntax', line: 3, column: 3 });
    expect(problem.message).toBe('expected "," between items, found "\\"steps\\""');
  });

  it('reports an unterminated string', async () => {
    const [problem] = await problemsOf('{ "id": "flow');
    expect(problem).toMatchObject({
      code: 'json-syntax',
      message: 'unterminated string',
      line: 1,
      column: 9,
    });
  });

  it('says so when the file is empty', async () => {
    const [problem] = await problemsOf('  \n');
    expect(problem).toMatchObject({
      code: 'json-syntax',
      message: 'the file is empty: expected a JSON object',
    });
  });

  it('refuses a key given twice, since JSON would silently keep the last one', async () => {
    const source =
      '{\n  "id": "flow",\n  "steps": [{ "id": "a", "assign": { "x": 1 } }],\n  "id": "other"\n}';
    const [problem] = await problemsOf(source);
    expect(problem).toMatchObject({
      code: 'duplicate-key',
      pointer: '/id',
      line: 4,
      column: 3,
      message: 'property "id" appears twice (first at 2:3); JSON keeps only the last one',
    });
  });

  it('reports a file that cannot be read, naming it', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'toolsteps-wf-')), 'missing.json');
    const result = await loadWorkflow(missing, { registry });
    expect(result).toEqual({
      ok: false,
      diagnostics: [
        {
          code: 'read-failed',
          message: 'cannot read the workflow file: no such file',
          pointer: '',
          line: 1,
          column: 1,
          file: missing,
        },
      ],
    });
  });

  it('reads a file from disk, byte order mark and all', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'toolsteps-wf-')), 'flow.json');
    writeFileSync(file, '\uFEFF{ "id": "flow", "steps": [{ "id": "a", "assign": { "x": 1 } }] }');
    const result = await loadWorkflow(file, { registry });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.workflow.file).toBe(file);
  });
});
