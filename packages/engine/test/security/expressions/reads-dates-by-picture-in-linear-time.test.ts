import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { runEcho } from './support/run-expression.js';

/**
 * `$toMillis(value, picture)` matches the value against a pattern JSONata builds from the picture.
 * Markers read as words (`[Dw] [Mw] [Yw]`) make it ambiguous, and on a backtracking engine a 12 KB
 * value ran 53 s inside one call, past the 1 s limit and deaf to cancellation (twice as long: minutes).
 * The pattern now runs on RE2, in one linear pass held to the regex work limit. What could hang runs
 * in a child process (`support/run-echoes-in-child.ts`), so a hang would fail the test, not block Jest.
 */
const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, 'support', 'run-echoes-in-child.ts');
/** Generous: the child compiles TypeScript with tsx on a slow shared machine. Never asserted on. */
const CHILD_TIMEOUT_MS = 90_000;

const TO_MILLIS = '{% $string($toMillis($input.v, "[Dw] [Mw] [Yw]") ?? "no date") %}';
/** "one one one … x": words all the way, but no date, so every split of it gets tried. */
const almostADate = (words: number) => ({ v: `${'one '.repeat(words)}x` });

/** The run's outcome, as the child prints it on its last line. */
async function runInChild(expression: string, input: unknown, steps = 1, cancel = '') {
  const args = ['--import', 'tsx', script, expression, JSON.stringify(input), String(steps), cancel];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: here,
    timeout: CHILD_TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
}

describe('$toMillis with a picture of words over a long value', () => {
  it.each([
    ['the 12 KB of the report', 3_000],
    ['24 KB', 6_000],
  ])(
    'reads %s in one pass, within the expression limits',
    async (_size, words) => {
      const outcome = await runInChild(TO_MILLIS, almostADate(words));
      expect(outcome).toMatchObject({ status: 'succeeded', first: { result: { text: 'no date' } } });
    },
    CHILD_TIMEOUT_MS + 10_000,
  );

  it(
    'refuses a value too long to match within the regex work limit, with an expression error',
    async () => {
      const outcome = await runInChild(TO_MILLIS, almostADate(30_000));
      expect(outcome.status).toBe('failed');
      expect(outcome.error).toMatchObject({ code: 'expression', step: 'e1', field: '/steps/0/args/text' });
      expect(outcome.error.message).toContain(
        `$toMillis's pattern for the picture "[Dw] [Mw] [Yw]" over 120001 characters would take`,
      );
      expect(outcome.error.message).toContain('over the 100000000 limit of an expression');
    },
    CHILD_TIMEOUT_MS + 10_000,
  );

  it(
    'is cancelled promptly by its run: the call ends, and no later step starts',
    async () => {
      const outcome = await runInChild(TO_MILLIS, almostADate(6_000), 200, 'cancel');
      expect(outcome).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
      expect(outcome.done).toBeLessThanOrEqual(1);
    },
    CHILD_TIMEOUT_MS + 10_000,
  );
});

describe('$toMillis with a picture, on RE2', () => {
  it.each([
    [
      'words and names',
      '$toMillis("twenty-first August two thousand and seventeen", "[Dwo] [MNn] [Yw]")',
      1503273600000,
    ],
    ['roman numerals', '$toMillis("MMXVIII-III-XXI", "[YI]-[MI]-[DI]")', 1521590400000],
    [
      'numbers and a time zone',
      '$toMillis("2018-02-01T09:42:13.123+0100", "[Y0001]-[M01]-[D01]T[H01]:[m01]:[s01].[f001][Z0001]")',
      1517474533123,
    ],
    [
      'literal text in any letter case',
      '$toMillis("13th OF July 2020", "[D1o] of [MNn] [Y]")',
      1594598400000,
    ],
  ])('still reads %s as JSONata does', async (_what, call, millis) => {
    const result = await runEcho(`{% $string(${call}) %}`);
    expect(result.steps[0].result).toEqual({ text: String(millis) });
  });

  it('leaves the global RegExp as it found it, whether the call succeeds or fails', async () => {
    const before = globalThis.RegExp;
    const failing = await runEcho(`{% $toMillis("one", "${'[Dw]'.repeat(30)}") %}`);
    expect(failing.error?.message).toContain(
      'compiles to 13504 instructions, over the 10000 limit of an expression: use fewer markers read as words or names',
    );
    await runEcho('{% $string($toMillis("1 May 2020", "[D] [MNn] [Y]")) %}');
    expect(globalThis.RegExp).toBe(before);
    expect(/a+/.exec('caab')?.index).toBe(1);
  });
});
