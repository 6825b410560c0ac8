import { spawn } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { runCliHere } from '../../support/cli-in-process.js';
import { BIN, CLI_TIMEOUT_MS, cliEnv, REPO_ROOT, TASKS, TRIAGE, watch } from '../../support/cli-process.js';
import { useTasksWorld } from '../../support/tasks-world.js';

jest.setTimeout(240_000);

/**
 * What a hostile API, file or argument may hold: a clear-screen sequence, a bell, a carriage return
 * (to print over a line), a newline (to forge one), a right-to-left override (to show text reversed),
 * C1's single-byte CSI and a line separator.
 */
const HOSTILE = 'Refused\u001b[2J\u0007\rforged\n✓ succeeded\u202egnp.exe\u009b31m\u2028end';
/** None of these may reach a terminal raw, whatever the command prints. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this test looks for
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
const ESC = '\u001b';
/** How HOSTILE reads once printed: every unsafe character as its escape, letters untouched. */
const SHOWN = 'Refused\\u001b[2J\\u0007\\u000dforged\\u000a✓ succeeded\\u202egnp.exe\\u009b31m\\u2028end';

describe('toolsteps prints text from outside inert', () => {
  const world = useTasksWorld();
  let accounts: string;
  beforeAll(async () => {
    accounts = await world.accountsFile();
    await chmod(accounts, 0o600);
  });
  beforeEach(() => {
    const { emulator } = world;
    emulator.reset();
    emulator.tasks.clear();
    emulator.tasks.set(7, { id: 7, title: HOSTILE, status: 'open', labels: ['stale'], due: '2026-01-01' });
  });

  const triage = (...extra: string[]) =>
    runCliHere([
      ...TASKS,
      'run',
      TRIAGE,
      '--input',
      '{"today":"2026-11-21"}',
      '--accounts',
      accounts,
      ...extra,
    ]);
  /** The completion answers 503 with the hostile message every time: retried, then the run fails. */
  const refuseCompletion = () =>
    world.emulator.faults.inject({
      method: 'PUT',
      path: '/tasks/7/completion',
      status: 503,
      times: Number.POSITIVE_INFINITY,
      body: { message: HOSTILE },
    });

  it("escapes an upstream error in the run's progress lines and its failure line", async () => {
    refuseCompletion();

    const { code, stdout, stderr } = await triage();

    expect(code).toBe(1);
    expect(stdout + stderr).not.toMatch(RAW);
    const lines = stderr.split('\n');
    const line = (start: string) => lines.find((candidate) => candidate.startsWith(start)) ?? '';
    expect(line('step closed[0].close retrying in ')).toContain(SHOWN);
    expect(line('step closed[0].close failed: unavailable: ')).toContain(SHOWN);
    expect(line('toolsteps: the run failed: unavailable (step closed[0].close): ')).toContain(SHOWN);
    // The forged line is inside a line of escapes, not a line of its own.
    expect(lines.filter((candidate) => candidate.startsWith('✓'))).toEqual([]);
  });

  it("keeps the run's output a JSON document of the same value, with nothing unsafe raw", async () => {
    const { code, stdout, stderr } = await triage();

    expect(code).toBe(0);
    expect(stdout + stderr).not.toMatch(RAW);
    expect(JSON.parse(stdout)).toEqual({ checked: 1, closed: HOSTILE });
  });

  it('keeps --json a JSON document of the same value, with nothing unsafe raw', async () => {
    refuseCompletion();

    const { code, stdout, stderr } = await triage('--json');

    expect(code).toBe(1);
    expect(stdout + stderr).not.toMatch(RAW);
    const result = JSON.parse(stdout);
    expect(result.error.message).toContain(HOSTILE);
    expect(result.vars.overdue[0].title).toBe(HOSTILE);
  });

  it('colours its own lines on a terminal, and only those', async () => {
    refuseCompletion();
    const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
    const command = [process.execPath, BIN, ...TASKS, 'run', TRIAGE, '--input', '{"today":"2026-11-21"}']
      .concat(['--accounts', accounts])
      .map(quote)
      .join(' ');
    // util-linux `script` runs the CLI on a pseudo-terminal, where progress is coloured.
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: REPO_ROOT,
      env: cliEnv({ SHELL: '/bin/sh', TERM: 'xterm-256color' }),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: CLI_TIMEOUT_MS,
    });
    const { code, stdout } = await watch(child).exited;

    expect(code).toBe(1);
    // The terminal ends its lines with \r\n; every other escape code on it is one of the CLI's colours.
    const text = stdout.replaceAll('\r\n', '\n');
    expect(text).toContain(`${ESC}[31m`);
    const colours = ['1', '2', '22', '31', '32', '33', '39'].map((code) => `${ESC}[${code}m`);
    expect(colours.reduce((rest, colour) => rest.replaceAll(colour, ''), text)).not.toMatch(RAW);
    const failed = text
      .split('\n')
      .find((candidate) => candidate.includes('✗ closed[0].close unavailable: '));
    expect(failed?.startsWith(`${ESC}[31m  ✗ closed[0].close unavailable: `)).toBe(true);
    expect(failed?.endsWith(`${ESC}[39m`)).toBe(true);
    expect(failed).toContain(SHOWN);
  });

  it('escapes step ids and names of files that validate echoes, on one line each', async () => {
    const file = await world.temp.write(
      'hostile\u001b]0;title\u0007.json',
      JSON.stringify({
        id: 'hostile',
        steps: [{ id: 'found', step: `tasks.list_tasks${HOSTILE}`, args: {} }],
      }),
    );

    const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', file, TRIAGE]);

    expect(code).toBe(2);
    expect(stdout + stderr).not.toMatch(RAW);
    const shownFile = file.replace('\u001b]0;title\u0007', '\\u001b]0;title\\u0007');
    expect(stdout).toBe(`${TRIAGE}: valid\n`);
    expect(stderr.split('\n')).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^  ${escapeRegExp(shownFile)}:1:\\d+  unknown step "tasks\\.list_tasks${escapeRegExp(SHOWN)}"`,
        ),
      ),
    );
  });

  it('keeps validate --json a JSON document of the same value', async () => {
    const file = await world.temp.write(
      'hostile.json',
      JSON.stringify({ id: 'hostile', steps: [{ id: 'found', step: `tasks.${HOSTILE}`, args: {} }] }),
    );

    const { code, stdout, stderr } = await runCliHere([...TASKS, 'validate', file, '--json']);

    expect(code).toBe(2);
    expect(stdout + stderr).not.toMatch(RAW);
    expect(JSON.parse(stdout).files[0].diagnostics[0].message).toContain(`tasks.${HOSTILE}`);
  });

  it('escapes an id or an option typed on the command line', async () => {
    const described = await runCliHere([...TASKS, 'describe', `tasks.list_task${HOSTILE}`]);
    const unknown = await runCliHere([...TASKS, 'validate', `--${HOSTILE}`]);

    expect(described.code).toBe(2);
    expect(described.stdout + described.stderr).not.toMatch(RAW);
    expect(described.stderr).toContain(`No step "tasks.list_task${SHOWN}" is installed.`);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout + unknown.stderr).not.toMatch(RAW);
    expect(unknown.stderr).toContain(`unknown option '--${SHOWN}'`);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
