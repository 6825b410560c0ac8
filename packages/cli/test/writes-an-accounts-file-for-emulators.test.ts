import { chmod, readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../engine/test/support/temp-files.js';
import { runCliHere } from './support/cli-in-process.js';
import { startCli } from './support/cli-process.js';
import { freePort } from './support/free-port.js';

jest.setTimeout(240_000);

const TRIAGE = ['run', 'examples/github-triage.json', '--input', '@examples/github-triage.input.json'];

describe('toolsteps emulate --accounts-out', () => {
  let temp: TempFiles;
  beforeAll(async () => {
    temp = await tempFiles();
  });
  afterAll(() => temp.remove());

  it('writes an owner-only accounts file on the chosen port that a run takes as it is', async () => {
    // A file an earlier start wrote, on another port: it is emulate's own, so it is replaced.
    const file = await temp.write(
      'emulated.json',
      JSON.stringify({ accounts: [], emulators: [{ integration: 'github', baseUrl: 'http://127.0.0.1:1' }] }),
    );
    const port = await freePort();
    const emulate = startCli(['emulate', 'github', '--accounts-out', file, '--port', String(port)]);
    try {
      await emulate.waitFor(/^Press Ctrl-C to stop\.$/m);
      expect(emulate.stdout()).toContain(`github emulator: http://127.0.0.1:${port}\n`);
      expect(emulate.stdout()).toContain(`Accounts file written to ${file}: pass --accounts ${file}`);
      // Every seeded user, with the demo token that works (not the name of its constant).
      expect(emulate.stdout()).toMatch(/^github-octocat +octocat +default +token=demo-octocat-token-0001$/m);
      expect(emulate.stdout()).toMatch(/^github-hubot +hubot +other +token=demo-hubot-token-0002$/m);
      expect(emulate.stdout()).toMatch(/^github-mona +mona +other +token=demo-mona-token-0003$/m);
      expect(emulate.stdout()).not.toContain('{');

      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const written = JSON.parse(await readFile(file, 'utf8'));
      const baseUrl = `http://127.0.0.1:${port}`;
      const account = (login: string, token: string) => ({
        id: `github-${login}`,
        integration: 'github',
        name: login,
        settings: { baseUrl, login, minWriteIntervalMs: 0 },
        credentials: { token },
      });
      expect(written).toEqual({
        accounts: [account('octocat', 'demo-octocat-token-0001')],
        emulators: [
          {
            integration: 'github',
            baseUrl,
            otherAccounts: [
              account('hubot', 'demo-hubot-token-0002'),
              account('mona', 'demo-mona-token-0003'),
            ],
            controlToken: expect.any(String),
            // Its demo OAuth app, for `toolsteps connect github` against it.
            oauthClient: {
              clientId: expect.any(String),
              clientSecret: expect.any(String),
              origins: [baseUrl],
            },
          },
        ],
      });

      const run = await runCliHere([...TRIAGE, '--accounts', file, '--no-journal']);
      expect({ code: run.code, stderr: run.stderr }).toEqual({
        code: 0,
        stderr: expect.stringContaining('run succeeded'),
      });
      expect(JSON.parse(run.stdout).pull_request).toMatch(
        new RegExp(`^${baseUrl}/octo-org/hello-world/pull/`),
      );
    } finally {
      emulate.child.kill('SIGINT');
    }
    const { code, stderr } = await emulate.exited;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('prints with --json the same document, which --accounts takes', async () => {
    const emulate = startCli(['emulate', 'github', '--json']);
    try {
      await emulate.waitFor(/^}$/m);
      const document = JSON.parse(emulate.stdout());
      expect(document.emulators).toEqual([
        {
          integration: 'github',
          baseUrl: expect.any(String),
          otherAccounts: expect.any(Array),
          controlToken: expect.any(String),
          oauthClient: {
            clientId: expect.any(String),
            clientSecret: expect.any(String),
            origins: [expect.any(String)],
          },
        },
      ]);
      expect(document.accounts.map((a: { id: string }) => a.id)).toEqual(['github-octocat']);
      const file = await temp.write('from-json.json', emulate.stdout());
      // As `> file` would not: one saved by hand is the user's to close, or the vault warns.
      await chmod(file, 0o600);

      const checked = await runCliHere(['validate', 'examples/github-triage.json', '--accounts', file]);
      expect({ code: checked.code, stderr: checked.stderr }).toEqual({ code: 0, stderr: '' });
    } finally {
      emulate.child.kill('SIGINT');
    }
    expect((await emulate.exited).code).toBe(0);
  });
});
