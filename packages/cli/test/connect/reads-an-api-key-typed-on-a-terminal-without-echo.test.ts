import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  createEnrichmentEmulator,
  DEMO_KEYS,
  type EnrichmentEmulator,
} from '@toolsteps/step-enrichment/testing';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import { BIN, CLI_TIMEOUT_MS, cliEnv, REPO_ROOT, watch } from '../support/cli-process.js';

jest.setTimeout(240_000);

// util-linux `script` runs the CLI on a pseudo-terminal and passes on what the test types: what the
// terminal shows (its echo included) is what the test reads. .ci/run makes sure it is installed.

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
const PROMPT = 'Sales Intelligence API key (not shown as you type; Enter ends it):';

describe('toolsteps connect --api-key-stdin on a terminal', () => {
  let emulator: EnrichmentEmulator;
  let temp: TempFiles;
  beforeAll(async () => {
    emulator = await createEnrichmentEmulator();
    temp = await tempFiles();
  });
  afterAll(async () => {
    await emulator.close();
    await temp.remove();
  });

  /** Runs connect on a terminal and types `keys` once it asks for the key. */
  async function typeKey(accounts: string, keys: string) {
    const command = [
      process.execPath,
      BIN,
      'connect',
      'enrichment',
      '--accounts',
      accounts,
      '--setting',
      `baseUrl=${emulator.baseUrl}`,
      '--api-key-stdin',
    ]
      .map(quote)
      .join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: REPO_ROOT,
      env: cliEnv({ SHELL: '/bin/sh', TERM: 'xterm-256color' }),
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: CLI_TIMEOUT_MS,
    });
    const cli = watch(child);
    // Typed once the prompt shows: the terminal is in raw mode by then, so nothing typed is echoed.
    await cli.waitFor(new RegExp(PROMPT.replace(/[()]/g, '\\$&')));
    child.stdin?.write(keys);
    const exited = await cli.exited;
    child.stdin?.end();
    return exited;
  }

  it('reads the key without showing it, and stores the account', async () => {
    const accounts = temp.path('typed.json');
    // A slip erased with backspace is not part of the key.
    const typed = `${DEMO_KEYS.sales.slice(0, 5)}X\u007f${DEMO_KEYS.sales.slice(5)}\r`;

    const { code, stdout } = await typeKey(accounts, typed);

    expect(code).toBe(0);
    expect(stdout).toContain('Connected Sales Intelligence account "Demo sales team"');
    expect(stdout).not.toContain(DEMO_KEYS.sales);
    expect(stdout).not.toContain(DEMO_KEYS.sales.slice(5));
    const { accounts: stored } = JSON.parse(await readFile(accounts, 'utf8'));
    expect(stored[0].credentials).toEqual({ apiKey: DEMO_KEYS.sales });
  });

  it('cancels on Ctrl-C, storing nothing', async () => {
    const accounts = temp.path('cancelled.json');

    const { code, stdout } = await typeKey(accounts, 'enr-half\u0003');

    expect(code).toBe(1);
    expect(stdout).toContain(
      'toolsteps: cancelled: The API key was not entered (Ctrl-C); nothing was stored',
    );
    expect(stdout).not.toContain('enr-half');
    await expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
