import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { runCliHere } from '../support/cli-in-process.js';

describe('toolsteps mcp --http', () => {
  it('needs a bearer token, and says how to make one', async () => {
    const { code, stdout, stderr } = await runCliHere(['mcp', '--http']);

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'toolsteps: --http needs a bearer token: set TOOLSTEPS_MCP_TOKEN or give --token-file <file> (make one with: openssl rand -hex 32)\n',
    );
  });

  it('refuses a token short enough to guess, without printing it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolsteps-mcp-token-'));
    const file = join(folder, 'token');
    await writeFile(file, 'hunter2-hunter2\n', { mode: 0o600 });
    try {
      const { code, stderr } = await runCliHere(['mcp', '--http', '--token-file', file, '--user', 'alice']);

      expect(code).toBe(2);
      expect(stderr).toMatch(/A bearer token \(of user "alice"\) has 15 characters: give one of 32 or more/);
      expect(stderr).not.toContain('hunter2');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
