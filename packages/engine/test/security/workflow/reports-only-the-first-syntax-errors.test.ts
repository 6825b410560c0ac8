import { describe, expect, it } from '@jest/globals';
import { problemsOf } from '../../workflow/load-helpers.js';

describe('a file full of JSON syntax errors', () => {
  it('reports the first 20, each located, instead of one per error (each costs a scan of the file)', async () => {
    const source = `{ "id": "flow", "steps": [${'1 '.repeat(20_000)}] }`;

    const problems = await problemsOf(source);

    expect(problems).toHaveLength(20);
    expect(problems[0]).toMatchObject({
      code: 'json-syntax',
      message: 'expected "," between items, found "1"',
      pointer: '/steps/0',
      line: 1,
      column: 29,
    });
  });
});
