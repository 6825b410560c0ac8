import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

const root = resolve(import.meta.dirname, '../../../..');
const script = 'examples/embed/src/call-tools-for-users.ts';

describe("the README's section on Toolsteps for agents", () => {
  it('quotes its example verbatim, and the example does what its comments say', async () => {
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${await readFile(join(root, script), 'utf8')}\`\`\``);

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      timeout: 60_000,
    });

    expect(stdout.split('\n')).toEqual([
      expect.stringMatching(/^alice: opened #\d+, 1 request$/),
      'alice: validation at /title',
      'bob: not_connected (User "bob" has no GitHub account connected: connect one (engine.connect.start({ integration: "github", user: "bob", redirectUri }), or toolsteps connect github))',
      expect.stringMatching(/^alice: items \d+–\d+ of \/items \(\d+ of \d+\)$/),
      '',
    ]);
  });
});
