import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createGithubEmulator, type GithubEmulator } from '@toolsteps/step-github/testing';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import { type CliProcess, startCli } from '../support/cli-process.js';
import { stoppedAfterEachTest } from '../support/stopped-after-each-test.js';
import { visit } from './support/browser.js';

jest.setTimeout(240_000);

/**
 * `toolsteps connect github` as a user runs it: the CLI (a process of its own) prints the
 * authorization URL and listens on loopback; the test is the browser, at the GitHub emulator and
 * back at the CLI's callback.
 */
describe('toolsteps connect github, in the browser', () => {
  let emulator: GithubEmulator;
  let temp: TempFiles;
  let accounts: string;
  let n = 0;
  const tracked = stoppedAfterEachTest();
  beforeAll(async () => {
    emulator = await createGithubEmulator();
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
        ['connect', 'github', '--accounts', accounts, '--setting', `baseUrl=${emulator.baseUrl}`, ...args],
        {
          env: {
            TOOLSTEPS_GITHUB_CLIENT_ID: emulator.oauthClient.clientId,
            TOOLSTEPS_GITHUB_CLIENT_SECRET: emulator.oauthClient.clientSecret,
          },
        },
      ),
    );
  /** The authorization URL, printed on a line of its own, and the callback it names. */
  const printedUrl = async (cli: CliProcess) => {
    const [url] = await cli.waitFor(/^http:\/\/\S+$/m);
    return { url, callback: String(new URL(url).searchParams.get('redirect_uri')) };
  };
  const noFile = () => expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });

  it('stores the account the user approved, owner-only, and prints its id and name but no token', async () => {
    const cli = connect();
    const { url, callback } = await printedUrl(cli);
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    // What the browser asks for besides the callback is no callback: the wait goes on.
    expect((await visit(new URL('/favicon.ico', callback).href)).status).toBe(404);

    const authorized = await visit(url);
    expect(authorized.status).toBe(302);
    expect(authorized.location?.startsWith(`${callback}?code=`)).toBe(true);
    const page = await visit(String(authorized.location));
    const { code, stdout, stderr } = await cli.exited;

    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>&#10003; GitHub connected</h1>');
    expect(page.text).toContain('Account &quot;octocat&quot; (id github-octocat) is connected.');
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      url,
      `Connected GitHub account "octocat" (id github-octocat), stored in ${accounts}`,
      '',
    ]);
    const { accounts: stored } = JSON.parse(await readFile(accounts, 'utf8'));
    expect(stored).toEqual([
      {
        id: 'github-octocat',
        integration: 'github',
        name: 'octocat',
        settings: { baseUrl: emulator.baseUrl, login: 'octocat' },
        credentials: { token: expect.stringMatching(/^gho_/), clientId: 'Ov23liDemoOctoApp001' },
      },
    ]);
    expect((await stat(accounts)).mode & 0o777).toBe(0o600);
    expect(stdout + stderr).not.toContain(stored[0].credentials.token);
    expect(stdout + stderr).not.toContain(emulator.oauthClient.clientSecret);
    // One callback: the listener is gone.
    await expect(fetch(callback)).rejects.toThrow();
  });

  it('with --json and --user, prints the URL first and the account last, as JSON lines', async () => {
    const cli = connect('--json', '--user', 'alice');
    const [first] = await cli.waitFor(/^.+$/m);
    const { authorizationUrl, expiresAt } = JSON.parse(first);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

    // The emulator signs in as the seeded user its `login` parameter names.
    const authorized = await visit(`${authorizationUrl}&login=mona`);
    await visit(String(authorized.location));
    const { code, stdout } = await cli.exited;

    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1])).toEqual({
      account: {
        id: 'github-mona',
        user: 'alice',
        integration: 'github',
        name: 'mona',
        settings: { baseUrl: emulator.baseUrl, login: 'mona' },
      },
    });
  });

  it('stores nothing when the user denies the authorization, and says so to the browser and the terminal', async () => {
    const cli = connect();
    const { url } = await printedUrl(cli);

    const denied = await visit(`${url}&decision=deny`);
    const page = await visit(String(denied.location));
    const { code, stderr } = await cli.exited;

    expect(page.status).toBe(400);
    expect(page.text).toContain('<h1>GitHub not connected</h1>');
    expect(page.text).toContain('access_denied: The authorization of GitHub was denied');
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^toolsteps: access_denied: The authorization of GitHub was denied \(access_denied.*\); nothing was stored$/m,
    );
    await noFile();
  });

  it('refuses a callback of another state, storing nothing', async () => {
    const cli = connect();
    const { url, callback } = await printedUrl(cli);
    // A code GitHub issued, brought back under a state this command did not start.
    const { location } = await visit(url);
    const code = String(new URL(String(location)).searchParams.get('code'));

    const page = await visit(`${callback}?code=${code}&state=not-the-state-it-started`);
    const exited = await cli.exited;

    expect(page.status).toBe(400);
    expect(page.text).toContain('invalid_state: ');
    expect(exited.code).toBe(1);
    expect(exited.stderr).toMatch(/^toolsteps: invalid_state: /m);
    expect(exited.stdout + exited.stderr).not.toContain(code);
    await noFile();
  });

  it('gives up after --timeout with nothing stored and the listener closed', async () => {
    const cli = connect('--timeout', '1s');
    const { callback } = await printedUrl(cli);
    const { code, stderr } = await cli.exited;

    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^toolsteps: expired: Connecting GitHub did not finish within 1s \(--timeout\); nothing was stored: start again, or give a longer --timeout$/m,
    );
    await expect(fetch(callback)).rejects.toThrow();
    await noFile();
  });

  it('ends on Ctrl-C with nothing stored', async () => {
    const cli = connect();
    await printedUrl(cli);
    cli.child.kill('SIGINT');
    const { code, signal, stderr } = await cli.exited;

    expect({ code, signal }).toEqual({ code: 1, signal: null });
    expect(stderr).toMatch(
      /^toolsteps: cancelled: Connecting GitHub was cancelled \(Ctrl-C\); nothing was stored$/m,
    );
    await noFile();
  });
});
