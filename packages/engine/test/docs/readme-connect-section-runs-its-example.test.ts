import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

const root = resolve(import.meta.dirname, '../../../..');
const script = 'examples/embed/src/connect-a-users-account.ts';

describe("the README's section on connecting accounts", () => {
  it('quotes its example verbatim, and the example connects, uses and disconnects an account', async () => {
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${await readFile(join(root, script), 'utf8')}\`\`\``);

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      timeout: 60_000,
    });

    expect(stdout.split('\n')).toEqual([
      'authorize at /login/oauth/authorize with PKCE (S256)',
      'alice connected github account "hubot" (id github-hubot)',
      'a call for alice acts as hubot',
      'replayed callback: invalid_state',
      'disconnected (grant revoked: true); alice has 0 GitHub accounts',
      '',
    ]);
  });
});
