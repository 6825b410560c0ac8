import { chmod, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  createEnrichmentEmulator,
  DEMO_KEYS,
  type EnrichmentEmulator,
} from '@toolsteps/step-enrichment/testing';
import { createGithubEmulator, type GithubEmulator } from '@toolsteps/step-github/testing';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import { runCliHere } from '../support/cli-in-process.js';
import { connectGithubAccount } from './support/github-account.js';

describe('toolsteps disconnect', () => {
  let github: GithubEmulator;
  let enrichment: EnrichmentEmulator;
  let temp: TempFiles;
  let accounts: string;
  let appOptions: string[];
  let n = 0;
  beforeAll(async () => {
    github = await createGithubEmulator();
    enrichment = await createEnrichmentEmulator();
    temp = await tempFiles();
    const secret = await temp.write('client.secret', github.oauthClient.clientSecret);
    await chmod(secret, 0o600);
    appOptions = ['--client-id', github.oauthClient.clientId, '--client-secret-file', secret];
  });
  afterAll(async () => {
    await github.close();
    await enrichment.close();
    await temp.remove();
  });
  beforeEach(() => {
    accounts = temp.path(`accounts-${++n}.json`);
  });

  const tokenOf = async (id: string): Promise<string> => {
    const { accounts: stored } = JSON.parse(await readFile(accounts, 'utf8'));
    return stored.find((account: { id: string }) => account.id === id).credentials.token;
  };
  const userWith = (token: string) =>
    fetch(`${github.baseUrl}/user`, { headers: { authorization: `Bearer ${token}` } }).then(
      (answer) => answer.status,
    );

  it("deletes the app's grant at GitHub with the OAuth app, then removes the account", async () => {
    const account = await connectGithubAccount(github, accounts, 'alice');
    const token = await tokenOf(account.id);
    expect(await userWith(token)).toBe(200);

    const { code, stdout, stderr } = await runCliHere([
      'disconnect',
      account.id,
      '--accounts',
      accounts,
      '--user',
      'alice',
      ...appOptions,
    ]);

    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(
      `Disconnected GitHub account "octocat" (id github-octocat) of user "alice": removed from ${accounts}\nIts grant was revoked at GitHub.\n`,
    );
    expect(stdout).not.toContain(token);
    expect(await userWith(token)).toBe(401);
    expect(github.oauthGrants()).toEqual([]);
    expect(JSON.parse(await readFile(accounts, 'utf8'))).toEqual({ accounts: [] });
  });

  it('removes the account when GitHub refuses the revocation, and says why (exit 0)', async () => {
    const account = await connectGithubAccount(github, accounts);
    const token = await tokenOf(account.id);
    const wrong = await temp.write('wrong.secret', 'not-the-apps-secret');
    await chmod(wrong, 0o600);

    const { code, stdout, stderr } = await runCliHere([
      'disconnect',
      account.id,
      '--accounts',
      accounts,
      '--client-id',
      github.oauthClient.clientId,
      '--client-secret-file',
      wrong,
      '--json',
    ]);

    expect(code).toBe(0);
    expect(stderr).toBe('');
    const printed = JSON.parse(stdout);
    expect(printed).toEqual({
      account: expect.objectContaining({ id: 'github-octocat', name: 'octocat' }),
      revoked: false,
      revokeProblem: expect.stringContaining('401'),
    });
    expect(stdout).not.toContain(token);
    expect(stdout).not.toContain('not-the-apps-secret');
    // Still valid at GitHub: the user is told to revoke it there.
    expect(await userWith(token)).toBe(200);
    expect(JSON.parse(await readFile(accounts, 'utf8'))).toEqual({ accounts: [] });

    const human = await connectGithubAccount(github, accounts);
    const told = await runCliHere([
      'disconnect',
      human.id,
      '--accounts',
      accounts,
      '--client-id',
      'x',
      '--client-secret-file',
      wrong,
    ]);
    expect(told.code).toBe(0);
    expect(told.stderr).toMatch(
      /^toolsteps: warning: GitHub did not revoke its grant \(.*\): revoke it in the account's settings at GitHub\n$/,
    );
  });

  it('removes an account whose integration cannot revoke, saying so', async () => {
    const key = await temp.write(`key-${n}`, DEMO_KEYS.sales);
    await chmod(key, 0o600);
    const connected = await runCliHere([
      'connect',
      'enrichment',
      '--accounts',
      accounts,
      '--setting',
      `baseUrl=${enrichment.baseUrl}`,
      '--api-key-file',
      key,
    ]);
    expect(connected.code).toBe(0);

    const { code, stdout } = await runCliHere([
      'disconnect',
      'enrichment-demo-sales-team',
      '--accounts',
      accounts,
    ]);

    expect(code).toBe(0);
    expect(stdout).toContain(
      'Sales Intelligence offers no revocation: its credentials stay valid until they are withdrawn at Sales Intelligence.',
    );
    expect(JSON.parse(await readFile(accounts, 'utf8'))).toEqual({ accounts: [] });
  });

  it("refuses an account the user has not connected, another user's included, leaving the file as it was", async () => {
    await connectGithubAccount(github, accounts, 'alice');
    const before = await readFile(accounts, 'utf8');

    const unknown = await runCliHere([
      'disconnect',
      'github-nobody',
      '--accounts',
      accounts,
      '--user',
      'alice',
    ]);
    const noUser = await runCliHere(['disconnect', 'github-octocat', '--accounts', accounts]);
    const otherUser = await runCliHere([
      'disconnect',
      'github-octocat',
      '--accounts',
      accounts,
      '--user',
      'bob',
    ]);

    expect(unknown).toMatchObject({
      code: 2,
      stderr:
        'toolsteps: not_found: User "alice" has no account "github-nobody" connected: nothing to disconnect\n',
    });
    expect(noUser).toMatchObject({
      code: 2,
      stderr: 'toolsteps: not_found: No account "github-octocat" is connected: nothing to disconnect\n',
    });
    expect(otherUser.code).toBe(2);
    expect(await readFile(accounts, 'utf8')).toBe(before);
  });
});
