// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { chmod, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import { writeAccountsFile } from '../../src/vault/accounts-file.js';
import { encryptAccountsFile, FileVault } from '../../src/vault/index.js';
import { recordingLogger } from '../security/vault/support/vault-files.js';
import { accountsFile, failure, KEY_HEX, type TempAccounts } from './accounts-fixture.js';

const document = {
  accounts: [
    { id: 'gh-bot', integration: 'github', name: 'acme-bot', credentials: { token: 'gh-token-1' } },
    {
      id: 'zd-acme',
      integration: 'zendesk',
      name: 'Acme Support',
      settings: { subdomain: 'acme' },
      credentials: { accessToken: '${ZD_ACCESS_TOKEN}', refreshToken: '${ZD_REFRESH_TOKEN}' },
    },
  ],
};
const env = { ZD_ACCESS_TOKEN: 'at-from-env', ZD_REFRESH_TOKEN: 'rt-from-env', TOOLSTEPS_VAULT_KEY: KEY_HEX };

let file: TempAccounts | undefined;
afterEach(async () => {
  await file?.remove();
  file = undefined;
});

/** Two vaults over one file, as two worker processes have: neither knows of the other. */
async function twoVaults(encrypted = false) {
  file = await accountsFile(document);
  await chmod(file.path, 0o600);
  if (encrypted) await encryptAccountsFile(file.path, { env });
  const logger = recordingLogger();
  const [mine, theirs] = await Promise.all([
    FileVault.open(file.path, { env, logger }),
    FileVault.open(file.path, { env, logger: recordingLogger() }),
  ]);
  return { mine, theirs, logger, current: file };
}

async function refreshGitHub(vault: FileVault, token: string): Promise<void> {
  const account = await vault.get({ id: 'gh-bot' });
  await vault.update({ ...account, credentials: { token } });
}

describe('a FileVault reads what another writer wrote to its file', () => {
  it.each([
    ['a plain', false],
    ['an encrypted', true],
  ])('gets the tokens another vault saved in %s file, without being reopened', async (_, encrypted) => {
    const { mine, theirs } = await twoVaults(encrypted);
    expect((await mine.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token-1');

    await refreshGitHub(theirs, 'gh-token-2');

    expect((await mine.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token-2');
    await refreshGitHub(mine, 'gh-token-3');
    expect((await theirs.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token-3');
    expect(mine.encrypted).toBe(encrypted);
  });

  it('lists an account the user added to the file, resolving its placeholders', async () => {
    const { mine, current } = await twoVaults();
    const added = {
      id: 'zd-other',
      integration: 'zendesk',
      name: 'Other Support',
      credentials: { accessToken: '${ZD_ACCESS_TOKEN}' },
    };
    // Edited in place, as an editor saves it: same file, new content.
    await writeFile(current.path, JSON.stringify({ accounts: [...document.accounts, added] }));

    expect((await mine.list('zendesk')).map((account) => account.id)).toEqual(['zd-acme', 'zd-other']);
    expect((await mine.get({ id: 'zd-other' })).credentials).toEqual({ accessToken: 'at-from-env' });
  });

  it('keeps the refreshed credentials only it holds (placeholders in a plain file) across a reload', async () => {
    const { mine, theirs, current } = await twoVaults();
    const zendesk = await mine.get({ id: 'zd-acme' });
    const refreshed = { accessToken: 'at-refreshed', refreshToken: 'rt-refreshed' };
    await mine.update({ ...zendesk, credentials: refreshed });

    // Another process writes the file: this one reloads it, and still has its refreshed tokens.
    await refreshGitHub(theirs, 'gh-token-2');
    expect((await mine.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token-2');
    expect((await mine.get({ id: 'zd-acme' })).credentials).toEqual(refreshed);
    expect((await theirs.get({ id: 'zd-acme' })).credentials).toEqual({
      accessToken: 'at-from-env',
      refreshToken: 'rt-from-env',
    });

    // The user reconnects the account: the file's new credentials win over the ones kept in memory.
    const reconnected = structuredClone(document);
    reconnected.accounts[1].credentials = { accessToken: 'at-reconnected', refreshToken: 'rt-reconnected' };
    await writeAccountsFile(current.path, reconnected);
    expect((await mine.get({ id: 'zd-acme' })).credentials).toEqual({
      accessToken: 'at-reconnected',
      refreshToken: 'rt-reconnected',
    });
  });

  it('keeps serving the accounts it read while the file is broken, warns once, and writes nothing over it', async () => {
    const { mine, logger, current } = await twoVaults();
    await mine.get({ id: 'gh-bot' });
    const broken = '{ "accounts": [ { "id": "gh-bot", "credentials": { "token": "gh-token-half';
    await writeFile(current.path, broken);

    expect((await mine.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token-1');
    await expect(mine.list()).resolves.toHaveLength(2);
    expect(logger.entries).toEqual([
      {
        level: 'warn',
        message: `Accounts file ${current.path} is not valid JSON (it ends early at line 1, column 61: is it truncated?). Still using the accounts read from it before, until the file is fixed; updates to it fail meanwhile`,
        fields: { file: current.path },
      },
    ]);

    const error = await failure(refreshGitHub(mine, 'gh-token-never-written'));
    expect(error.code).toBe('validation');
    expect(error.details).toMatchObject({ file: current.path, problem: 'corrupt' });
    expect((await current.bytes()).toString()).toBe(broken);

    await writeAccountsFile(current.path, {
      accounts: [{ ...document.accounts[0], credentials: { token: 'gh-token-fixed' } }],
    });
    expect((await mine.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token-fixed');
    await expect(mine.list()).resolves.toHaveLength(1);
    expect(logger.entries).toHaveLength(1);
  });
});
