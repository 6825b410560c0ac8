import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createGithubEmulator, type GithubEmulator } from '@toolsteps/step-github/testing';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import { type CliProcess, startCli } from '../support/cli-process.js';
import { stoppedAfterEachTest } from '../support/stopped-after-each-test.js';
import { visit } from './support/browser.js';

jest.setTimeout(240_000);

/** `toolsteps connect github --device`: the user enters the printed code on GitHub's page (the test, at the emulator's). */
describe('toolsteps connect github --device', () => {
  let emulator: GithubEmulator;
  let temp: TempFiles;
  let accounts: string;
  let n = 0;
  const tracked = stoppedAfterEachTest();
  beforeAll(async () => {
    // Polls as soon as allowed (the engine waits a second at least): the test does not wait GitHub's 5 s.
    emulator = await createGithubEmulator({ deviceFlowIntervalS: 0 });
    temp = await tempFiles();
  });
  afterAll(async () => {
    await emulator.close();
    await temp.remove();
  });
  beforeEach(() => {
    accounts = temp.path(`accounts-${++n}.json`);
  });

  const connect = (...args: string[]): CliProcess =>
    tracked(
      startCli(
        [
          'connect',
          'github',
          '--device',
          '--accounts',
          accounts,
          '--setting',
          `baseUrl=${emulator.baseUrl}`,
          ...args,
        ],
        {
          env: {
            TOOLSTEPS_GITHUB_CLIENT_ID: emulator.oauthClient.clientId,
            TOOLSTEPS_GITHUB_CLIENT_SECRET: emulator.oauthClient.clientSecret,
          },
        },
      ),
    );

  it('prints the code and where to enter it, then stores the account once the user approves', async () => {
    const cli = connect();
    const [, verificationUri, userCode] = await cli.waitFor(/^(http:\/\/\S+)\ncode: (\S+)$/m);
    expect(verificationUri).toBe(`${emulator.baseUrl}/login/device`);

    const approved = await visit(`${verificationUri}?user_code=${userCode}&login=hubot`);
    expect(approved.status).toBe(200);
    const { code, stdout, stderr } = await cli.exited;

    expect(code).toBe(0);
    expect(stdout).toContain(`Connected GitHub account "hubot" (id github-hubot), stored in ${accounts}\n`);
    const { accounts: stored } = JSON.parse(await readFile(accounts, 'utf8'));
    expect(stored).toEqual([
      expect.objectContaining({
        id: 'github-hubot',
        name: 'hubot',
        credentials: { token: expect.any(String), clientId: expect.any(String) },
      }),
    ]);
    expect((await stat(accounts)).mode & 0o777).toBe(0o600);
    expect(stdout + stderr).not.toContain(stored[0].credentials.token);
  });

  it('with --json, prints the code first and the account last', async () => {
    const cli = connect('--json', '--user', 'alice', '--name', 'work');
    const [first] = await cli.waitFor(/^.+$/m);
    const { userCode, verificationUri, expiresAt } = JSON.parse(first);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

    await visit(`${verificationUri}?user_code=${encodeURIComponent(userCode)}`);
    const { code, stdout } = await cli.exited;

    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1])).toEqual({
      account: expect.objectContaining({ id: 'github-work', user: 'alice', name: 'work' }),
    });
  });

  it('stores nothing when the user denies it', async () => {
    const cli = connect('--json');
    const { userCode, verificationUri } = JSON.parse((await cli.waitFor(/^.+$/m))[0]);

    await visit(`${verificationUri}?user_code=${encodeURIComponent(userCode)}&decision=deny`);
    const { code, stderr } = await cli.exited;

    expect(code).toBe(1);
    expect(stderr).toMatch(/^toolsteps: access_denied: .*nothing was stored$/m);
    await expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops polling on Ctrl-C with nothing stored', async () => {
    const cli = connect('--json');
    await cli.waitFor(/^.+$/m);
    cli.child.kill('SIGINT');
    const { code, stderr } = await cli.exited;

    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^toolsteps: cancelled: Connecting GitHub was cancelled \(Ctrl-C\); nothing was stored$/m,
    );
    await expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
