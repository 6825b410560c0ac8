import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliIn, TRIAGE_RUN } from './support/journal-cli.js';

jest.setTimeout(240_000);

let temp: TempFiles;
beforeAll(async () => {
  temp = await tempFiles();
});
afterAll(() => temp.remove());

it('with --no-journal runs the workflow and writes no journal', async () => {
  const { code, stdout } = await runCliIn(temp.dir, [...TRIAGE_RUN, '--no-journal']);

  expect(code).toBe(0);
  expect(JSON.parse(stdout)).toEqual({
    checked: 2,
    closed: ['Answer the pricing question', 'Archive the old board'],
  });
  expect(existsSync(join(temp.dir, '.toolsteps'))).toBe(false);
});
