import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import { runCliHere } from './support/cli-in-process.js';
import { REPO_ROOT, TASKS } from './support/cli-process.js';

jest.setTimeout(240_000);

describe('toolsteps usage errors', () => {
  it('exits 2 on an unknown command, showing the usage', async () => {
    const { code, stdout, stderr } = await runCliHere(['frobnicate']);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^error: unknown command 'frobnicate'\n/);
    expect(stderr).toContain('Usage: toolsteps [options] [command]');
  });

  it('exits 2 on a missing argument or an unknown option, showing the usage of the command', async () => {
    const [missing, unknown] = await Promise.all([
      runCliHere([...TASKS, 'describe']),
      runCliHere([...TASKS, 'run', 'workflow.json', '--inputs', '{}']),
    ]);

    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: missing required argument 'id'\n/);
    expect(missing.stderr).toContain('Usage: toolsteps describe [options] <id>');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: unknown option '--inputs'/);
    expect(unknown.stderr).toContain('Usage: toolsteps run [options] <workflow>');
  });

  it('exits 2 when emulating an integration that is not installed', async () => {
    const { code, stdout, stderr } = await runCliHere([...TASKS, 'emulate', 'github']);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('toolsteps: No integration "github" is installed (installed: tasks)\n');
  });

  it('prints its version and help with exit 0', async () => {
    const [version, help] = await Promise.all([runCliHere(['--version']), runCliHere(['--help'])]);

    expect(version.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(REPO_ROOT, 'packages/engine/package.json'), 'utf8'));
    expect(version.stdout).toBe(`${manifest.version}\n`);
    expect(help.code).toBe(0);
    for (const command of ['run', 'validate', 'steps', 'describe', 'schema', 'emulate']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });
});
