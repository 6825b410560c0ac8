import { describe, expect, it, jest } from '@jest/globals';
import { startCli, TASKS, TRIAGE } from './support/cli-process.js';

jest.setTimeout(240_000);

describe('a reader that stops reading (`toolsteps steps | head`)', () => {
  it('mid-run: the progress reader goes after one line, and the run still ends and prints its output', async () => {
    const cli = startCli([...TASKS, 'run', TRIAGE, '--no-journal', '--input', '{"today":"2026-11-21"}']);
    // Read one line, as `2>&1 | head -1` would, then go: every later progress line meets a closed pipe.
    await cli.waitFor(/\n/, 'stderr');
    cli.child.stderr?.destroy();
    const { code, signal, stdout } = await cli.exited;

    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(JSON.parse(stdout)).toEqual({
      checked: 2,
      closed: ['Answer the pricing question', 'Archive the old board'],
    });
  });

  it('before the first line: every write fails with EPIPE, and still nothing is thrown', async () => {
    const cli = startCli([...TASKS, 'steps']);
    // Closed while the CLI is still starting: its very first write meets a closed pipe.
    cli.child.stdout?.destroy();
    const { code, signal, stderr } = await cli.exited;

    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
  });

  it('on stderr too: an error nobody reads still exits 2', async () => {
    const cli = startCli([...TASKS, 'describe', 'tasks.list_task']);
    cli.child.stderr?.destroy();
    const { code, signal, stdout } = await cli.exited;

    expect({ code, signal, stdout }).toEqual({ code: 2, signal: null, stdout: '' });
  });
});
