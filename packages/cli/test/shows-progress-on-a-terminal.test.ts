import { spawn } from 'node:child_process';
import { describe, expect, it, jest } from '@jest/globals';
import { BIN, CLI_TIMEOUT_MS, cliEnv, REPO_ROOT, TASKS, TRIAGE, watch } from './support/cli-process.js';

jest.setTimeout(240_000);

// util-linux `script` runs a command on a pseudo-terminal: the only way to see what a user sees.
// .ci/run makes sure it is installed, so this test always runs.

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/** Runs the demo on a pseudo-terminal; `-e` makes `script` exit with the CLI's code. */
function runOnTerminal(env: Record<string, string | undefined> = {}) {
  const command = [process.execPath, BIN, ...TASKS, 'run', TRIAGE, '--input', '{"today":"2026-11-21"}']
    .map(quote)
    .join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: REPO_ROOT,
    env: cliEnv({ SHELL: '/bin/sh', TERM: 'xterm-256color', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: CLI_TIMEOUT_MS,
  });
  return watch(child).exited;
}

const ESC = '\u001b';
const GREEN_TICK = `${ESC}[32m✓${ESC}[39m`;

describe('toolsteps run on a terminal', () => {
  it('draws coloured, symbol-led progress lines', async () => {
    const { code, stdout } = await runOnTerminal();

    expect(code).toBe(0);
    const lines = stdout.split('\r\n');
    const ticked = lines
      .filter((line) => line.startsWith(`  ${GREEN_TICK} `))
      .map((line) => line.split(' ')[3]);
    expect(ticked.sort()).toEqual(['closed', 'closed[0].close', 'closed[1].close', 'found']);
    expect(lines.some((line) => line.startsWith(`${ESC}[32m${ESC}[1m✓ succeeded in `))).toBe(true);
    expect(stdout).not.toMatch(/^step found started/m);
    expect(stdout).toContain('"checked": 2');
  });

  it('keeps the symbols but drops colour when NO_COLOR is set', async () => {
    const { code, stdout } = await runOnTerminal({ NO_COLOR: '1' });

    expect(code).toBe(0);
    expect(stdout).not.toContain(ESC);
    expect(stdout).toMatch(/^ {2}✓ closed\[1\]\.close \d+ ms\r$/m);
    expect(stdout).toMatch(/^✓ succeeded in \d+ ms\r$/m);
  });
});
