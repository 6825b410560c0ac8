import { chmod, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TempFiles, tempFiles } from '../../../engine/test/support/temp-files.js';
import { runCliHere } from '../support/cli-in-process.js';

const account = (id: string, integration: string, name: string, secret: string, user?: string) => ({
  id,
  ...(user === undefined ? {} : { user }),
  integration,
  name,
  settings: { baseUrl: 'https://api.example' },
  credentials: integration === 'github' ? { token: secret } : { apiKey: secret },
});

const SECRETS = ['ghp-service-secret-1', 'ghp-alice-secret-2', 'enr-alice-secret-3', 'ghp-bob-secret-4'];

describe('toolsteps accounts', () => {
  let temp: TempFiles;
  let file: string;
  beforeAll(async () => {
    temp = await tempFiles();
    file = await temp.write(
      'accounts.json',
      JSON.stringify({
        accounts: [
          account('github-bot', 'github', 'bot', SECRETS[0]),
          account('github-alice', 'github', 'alice-gh', SECRETS[1], 'alice'),
          account('enrichment-sales', 'enrichment', 'Sales', SECRETS[2], 'alice'),
          account('github-bob', 'github', 'bob-gh', SECRETS[3], 'bob'),
        ],
      }),
    );
    await chmod(file, 0o600);
  });
  afterAll(() => temp.remove());

  it("lists every user's accounts as a table: id, integration, name, user", async () => {
    const { code, stdout, stderr } = await runCliHere(['accounts', '--accounts', file]);

    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.trimEnd().split('\n')).toEqual([
      'ID                INTEGRATION  NAME      USER',
      'github-bot        github       bot       -',
      'github-alice      github       alice-gh  alice',
      'enrichment-sales  enrichment   Sales     alice',
      'github-bob        github       bob-gh    bob',
    ]);
  });

  it("lists one user's accounts of one integration as JSON, without credentials or settings", async () => {
    const { code, stdout } = await runCliHere([
      'accounts',
      '--accounts',
      file,
      '--user',
      'alice',
      '--integration',
      'github',
      '--json',
    ]);

    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { id: 'github-alice', integration: 'github', name: 'alice-gh', user: 'alice' },
    ]);
  });

  it('never prints a credential, in either form', async () => {
    const table = await runCliHere(['accounts', '--accounts', file]);
    const json = await runCliHere(['accounts', '--accounts', file, '--json']);

    // The file holds them: the listing leaves them out.
    const held = await readFile(file, 'utf8');
    for (const secret of SECRETS) {
      expect(held).toContain(secret);
      expect(table.stdout + table.stderr + json.stdout + json.stderr).not.toContain(secret);
    }
  });

  it('says when a selection holds no account, and refuses an integration that is not installed', async () => {
    const none = await runCliHere(['accounts', '--accounts', file, '--user', 'carol']);
    const typo = await runCliHere(['accounts', '--accounts', file, '--integration', 'gihtub']);

    expect(none).toMatchObject({ code: 0, stdout: `No accounts of user "carol" in ${file}\n` });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(
      /^toolsteps: --integration: no integration "gihtub" is installed \(installed: .*github.*\)\n$/,
    );
  });
});
