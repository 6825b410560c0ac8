import { describe, expect, it, jest } from '@jest/globals';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS } from './support/cli-process.js';

jest.setTimeout(240_000);

describe('toolsteps describe <step>', () => {
  it('shows the fields of an array of objects under it, with their types and which are required', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'describe', 'tasks.list_tasks']);

    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.split('\n').slice(stdout.split('\n').indexOf('output:'))).toEqual([
      'output:',
      '  tasks: object[]',
      '    id: integer',
      '    title: string',
      '    status: "open" | "done"',
      '    labels: string[]',
      '    due?: string  ISO date',
      '    note?: string',
      '    ref?: string',
      '  count: integer',
      '',
    ]);
  });

  it('shows the fields of a nullable object and of an object among other types, one level deep', async () => {
    const { code, stdout } = await runCliHere(['describe', 'github.create_issue']);

    expect(code).toBe(0);
    const lines = stdout.split('\n');
    const after = (line: string, count: number) =>
      lines.slice(lines.indexOf(line), lines.indexOf(line) + count);
    expect(after('  user: object | null', 4)).toEqual([
      '  user: object | null',
      '    login: string',
      '    id: integer',
      '    type: string',
    ]);
    expect(
      after('  labels: string | object[]  Label objects; GitHub documents a plain name as possible too', 3),
    ).toEqual([
      '  labels: string | object[]  Label objects; GitHub documents a plain name as possible too',
      '    id?: integer',
      '    name?: string',
    ]);
    // One level only: the fields of a nested object's own objects are not listed.
    expect(lines.filter((line) => line.startsWith('      '))).toEqual([]);
  });
});
