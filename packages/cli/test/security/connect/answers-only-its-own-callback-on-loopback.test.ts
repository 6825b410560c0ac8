import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createGithubEmulator, type GithubEmulator } from '@toolsteps/step-github/testing';
import { type TempFiles, tempFiles } from '../../../../engine/test/support/temp-files.js';
import { visit, visitAs } from '../../connect/support/browser.js';
import { type CliProcess, startCli } from '../../support/cli-process.js';
import { stoppedAfterEachTest } from '../../support/stopped-after-each-test.js';

jest.setTimeout(240_000);

// `toolsteps connect`'s OAuth callback listens on 127.0.0.1 for one request: the GET /callback
// addressed to its own host and port. The page it answers is inert text.
describe("toolsteps connect's callback listener", () => {
  let emulator: GithubEmulator;
  let temp: TempFiles;
  const tracked = stoppedAfterEachTest();
  beforeAll(async () => {
    emulator = await createGithubEmulator();
    temp = await tempFiles();
  });
  afterAll(async () => {
    await emulator.close();
    await temp.remove();
  });

  const connect = (accounts: string): CliProcess =>
    tracked(
      startCli(['connect', 'github', '--accounts', accounts, '--setting', `baseUrl=${emulator.baseUrl}`], {
        env: {
          TOOLSTEPS_GITHUB_CLIENT_ID: emulator.oauthClient.clientId,
          TOOLSTEPS_GITHUB_CLIENT_SECRET: emulator.oauthClient.clientSecret,
        },
      }),
    );
  const started = async (cli: CliProcess) => {
    const [url] = await cli.waitFor(/^http:\/\/\S+$/m);
    const query = new URL(url).searchParams;
    return { url, callback: String(query.get('redirect_uri')), state: String(query.get('state')) };
  };

  it('ignores requests addressed to another host name (DNS rebinding) or another path, then takes the callback', async () => {
    const accounts = temp.path('rebinding.json');
    const cli = connect(accounts);
    const { url, callback } = await started(cli);
    const port = new URL(callback).port;

    // What a page under a name rebound to 127.0.0.1 sends: its own name in Host, the callback's path.
    expect(await visitAs(`rebound.example:${port}`, `${callback}?code=x&state=y`)).toBe(421);
    expect(await visitAs(`localhost:${port}`, `${callback}?code=x&state=y`)).toBe(421);
    expect((await visit(`${callback}/more?code=x&state=y`)).status).toBe(404);

    const page = await visit(String((await visit(url)).location));
    expect(page.status).toBe(200);
    expect((await cli.exited).code).toBe(0);
    expect((await stat(accounts)).isFile()).toBe(true);
  });

  it('shows what the provider said as text, on a page that loads nothing and names no referrer', async () => {
    const accounts = temp.path('markup.json');
    const cli = connect(accounts);
    const { callback, state } = await started(cli);
    const said = '<img src=x onerror=alert(1)><script>alert(2)</script>';

    const answer = await fetch(
      `${callback}?${new URLSearchParams({ error: 'access_denied', error_description: said, state })}`,
    );
    const page = await answer.text();
    const { code } = await cli.exited;

    expect(code).toBe(1);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).not.toMatch(/<img|<script/i);
    expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    await expect(stat(accounts)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
