import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DEMO_OAUTH_CLIENT_ID, DEMO_OAUTH_CLIENT_SECRET } from '@toolsteps/step-github/testing';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import { startCli } from '../support/cli-process.js';
import { visit } from './support/browser.js';

jest.setTimeout(240_000);

describe('toolsteps emulate, for an emulator with a demo OAuth app', () => {
  let temp: TempFiles;
  beforeAll(async () => {
    temp = await tempFiles();
  });
  afterAll(() => temp.remove());

  it('prints the variables and the command that connect an account through it, which work as printed', async () => {
    const emulate = startCli(['emulate', 'github']);
    const [, baseUrl] = await emulate.waitFor(/^github emulator: (http:\/\/127\.0\.0\.1:\d+)$/m);
    await emulate.waitFor(/^Press Ctrl-C to stop\.$/m);
    const printed = emulate.stdout();
    expect(printed).toContain(
      [
        `export TOOLSTEPS_GITHUB_CLIENT_ID=${DEMO_OAUTH_CLIENT_ID}`,
        `export TOOLSTEPS_GITHUB_CLIENT_SECRET=${DEMO_OAUTH_CLIENT_SECRET}`,
        `  then: toolsteps connect github --accounts my-accounts.json --setting baseUrl=${baseUrl}`,
      ].join('\n'),
    );

    // As a user pastes them: the variables exported, the command run in a folder of theirs.
    const env = Object.fromEntries(
      [...printed.matchAll(/^export (\w+)=(\S+)$/gm)].map(([, name, value]) => [name, value]),
    );
    const [, command] = printed.match(/^ {2}then: toolsteps (.+)$/m) ?? [];
    const connect = startCli(command.split(' '), { env, cwd: temp.dir });
    const [url] = await connect.waitFor(/^http:\/\/\S+$/m);
    await visit(String((await visit(url)).location));
    const { code } = await connect.exited;

    expect(code).toBe(0);
    const { accounts } = JSON.parse(await readFile(temp.path('my-accounts.json'), 'utf8'));
    expect(accounts).toEqual([
      expect.objectContaining({ id: 'github-octocat', settings: { baseUrl, login: 'octocat' } }),
    ]);
    emulate.child.kill('SIGINT');
    expect((await emulate.exited).code).toBe(0);
  });
});
