import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type RedisServer, startRedisServer } from '@toolsteps/redis/testing';
import { SqliteJournal } from '@toolsteps/sqlite';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { TASKS, TRIAGE } from './support/cli-process.js';
import { runCliIn, TRIAGE_RUN } from './support/journal-cli.js';

jest.setTimeout(240_000);

/** `--input` that breaks the triage workflow's input schema twice: no "today", and a label that is a number. */
const BAD_INPUT = '{"label":5}';
const BAD_INPUT_LINES = [
  'toolsteps: the run input does not match the input schema of examples/tasks/workflows/triage.json (2 problems); nothing ran',
  '  input/today is required (missing "today")',
  '  input/label must be a string (got 5)',
];
const EMULATORS_STARTED = 'running against local emulators';

/** `TRIAGE_RUN` (absolute paths, any folder) with another --input. */
const triageRunWith = (input: string) => [...TRIAGE_RUN.slice(0, -1), input];

describe('toolsteps run with input that breaks the workflow input schema', () => {
  let temp: TempFiles;
  beforeAll(async () => {
    temp = await tempFiles();
  });
  afterAll(() => temp.remove());

  it('exits 2 listing every problem with its value, before any emulator starts', async () => {
    const { code, stdout, stderr } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--input',
      BAD_INPUT,
      '--no-journal',
    ]);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${BAD_INPUT_LINES.join('\n')}\n`);
    expect(stderr).not.toContain(EMULATORS_STARTED);
  });

  it('with --json prints the problems as one document', async () => {
    const { code, stdout } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--input',
      '{}',
      '--json',
      '--no-journal',
    ]);

    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toEqual({
      valid: false,
      input: { violations: [{ pointer: '/today', message: 'is required (missing "today")' }] },
    });
  });

  it('does not create the default journal', async () => {
    const { code, stderr } = await runCliIn(temp.dir, triageRunWith(BAD_INPUT));

    expect(code).toBe(2);
    expect(stderr).toContain('input/today is required (missing "today")');
    expect(existsSync(join(temp.dir, '.toolsteps', 'runs.sqlite'))).toBe(false);
    const runs = await runCliIn(temp.dir, ['runs']);
    expect(runs.stderr).toMatch(/^toolsteps: No run journal at \.toolsteps\/runs\.sqlite/);
  });

  it('records nothing in an existing journal: `toolsteps runs` lists no run', async () => {
    const path = temp.path('runs.sqlite');
    await SqliteJournal.open(path).close();

    const { code } = await runCliHere([...TASKS, 'run', TRIAGE, '--input', BAD_INPUT, '--journal', path]);

    expect(code).toBe(2);
    const runs = await runCliHere(['runs', '--journal', path, '--json']);
    expect({ code: runs.code, runs: JSON.parse(runs.stdout) }).toEqual({ code: 0, runs: [] });
  });

  it('still runs input that fits', async () => {
    const { code, stdout } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--input',
      '{"today":"2026-11-21","label":"stale"}',
      '--no-journal',
      '--json',
    ]);

    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'succeeded' });
  });
});

describe('toolsteps run --redis with input that breaks the workflow input schema', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it('exits 2 with every problem and queues nothing', async () => {
    const queued = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--input',
      BAD_INPUT,
      '--redis',
      redis.url,
      '--detach',
    ]);

    expect(queued.code).toBe(2);
    expect(queued.stdout).toBe('');
    expect(queued.stderr).toBe(`${BAD_INPUT_LINES.join('\n')}\n`);
    const runs = await runCliHere(['runs', '--redis', redis.url, '--json']);
    expect({ code: runs.code, runs: JSON.parse(runs.stdout) }).toEqual({ code: 0, runs: [] });
  });

  it('checks before it connects: an unreachable Redis is never tried', async () => {
    const { code, stderr } = await runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--input',
      BAD_INPUT,
      '--redis',
      'redis://127.0.0.1:1',
    ]);

    expect(code).toBe(2);
    expect(stderr).toBe(`${BAD_INPUT_LINES.join('\n')}\n`);
  });
});
