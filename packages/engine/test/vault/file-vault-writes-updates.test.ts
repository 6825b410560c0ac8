// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ConnectedAccount } from '@toolsteps/sdk';
import { FileVault } from '../../src/vault/index.js';
import { accountsFile, failure, type TempAccounts } from './accounts-fixture.js';

// Credentials written in the file itself; accounts that read theirs from the environment are
// covered by test/security/vault (their new credentials never reach a plain file).
const document = {
  $schema: './accounts.schema.json',
  accounts: [
    {
      id: 'zd-acme',
      integration: 'zendesk',
      name: 'Acme Support',
      settings: {
        subdomain: '${ZD_SUBDOMAIN}',
        region: 'eu-${ZD_REGION}-1',
        locales: ['en', '${ZD_LOCALE}'],
      },
      credentials: { accessToken: 'at-old', refreshToken: 'rt-old', scopes: ['read', 'write'] },
    },
    { id: 'gh-bot', integration: 'github', name: 'acme-bot', credentials: { token: 'gh-token' } },
  ],
};
const env = { ZD_SUBDOMAIN: 'acme', ZD_REGION: 'west', ZD_LOCALE: 'de' };

let file: TempAccounts | undefined;
afterEach(async () => {
  await file?.remove();
  file = undefined;
});

async function open(content: unknown = document): Promise<{ vault: FileVault; current: TempAccounts }> {
  file = await accountsFile(content);
  return { vault: await FileVault.open(file.path, { env }), current: file };
}

describe('FileVault updates', () => {
  it('writes a refreshed token where the file holds the old one, and keeps every unchanged placeholder', async () => {
    const { vault, current } = await open();
    const account = await vault.get({ id: 'zd-acme' });
    await vault.update({
      ...account,
      credentials: { ...account.credentials, accessToken: 'at-new', refreshToken: 'rt-new' },
    });
    expect(await current.json()).toEqual({
      $schema: './accounts.schema.json',
      accounts: [
        {
          id: 'zd-acme',
          integration: 'zendesk',
          name: 'Acme Support',
          settings: document.accounts[0].settings,
          credentials: { accessToken: 'at-new', refreshToken: 'rt-new', scopes: ['read', 'write'] },
        },
        document.accounts[1],
      ],
    });
    expect((await vault.get({ id: 'zd-acme' })).credentials.accessToken).toBe('at-new');
  });

  it('escapes a new value that looks like a placeholder, so it reads back unchanged', async () => {
    const { vault, current } = await open();
    const account = await vault.get({ id: 'gh-bot' });
    await vault.update({ ...account, credentials: { token: 'a${GH_TOKEN}b$${X}' } });
    const reopened = await FileVault.open(current.path, { env });
    expect((await reopened.get({ id: 'gh-bot' })).credentials.token).toBe('a${GH_TOKEN}b$${X}');
    expect((await current.json()).accounts[1].credentials.token).toBe('a$${GH_TOKEN}b$$${X}');
  });

  it('persists 20 concurrent updates and leaves no temporary file behind', async () => {
    const { vault, current } = await open();
    const base = await vault.get({ id: 'zd-acme' });
    const github = await vault.get({ id: 'gh-bot' });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const account: ConnectedAccount =
          i % 2 === 0
            ? { ...base, settings: { ...base.settings, [`key${i}`]: i } }
            : { ...github, settings: { [`key${i}`]: i } };
        return vault.update(account);
      }),
    );
    expect(await current.files()).toEqual(['accounts.json']);
    const written = await current.json();
    // Each update replaces the whole account, so the last one of each account wins.
    expect(written.accounts[0].settings).toEqual({ ...document.accounts[0].settings, key18: 18 });
    expect(written.accounts[1].settings).toEqual({ key19: 19 });
  });

  it('keeps every one of 20 concurrent read-modify-write updates of different accounts', async () => {
    const accounts = Array.from({ length: 20 }, (_, i) => ({
      id: `acct-${i}`,
      integration: 'github',
      name: `bot-${i}`,
      credentials: { token: `token-${i}` },
    }));
    const { vault, current } = await open({ accounts });
    await Promise.all(
      accounts.map(async ({ id }, i) => {
        const account = await vault.get({ id });
        await vault.update({ ...account, credentials: { token: `refreshed-${i}` } });
      }),
    );
    const reopened = await FileVault.open(current.path, { env: {} });
    for (let i = 0; i < 20; i++) {
      expect((await reopened.get({ id: `acct-${i}` })).credentials).toEqual({ token: `refreshed-${i}` });
    }
    expect(await current.files()).toEqual(['accounts.json']);
  });

  it('leaves the file and its accounts as they were when the write fails', async () => {
    // A 254-character name leaves no room for the temporary file's longer name, so writing fails (even as root).
    const name = `${'a'.repeat(249)}.json`;
    file = await accountsFile(document, name);
    const vault = await FileVault.open(file.path, { env });
    const before = await file.bytes();
    const account = await vault.get({ id: 'gh-bot' });
    const error = await failure(vault.update({ ...account, credentials: { token: 'never-written' } }));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      `Cannot write accounts file ${file.path} (ENAMETOOLONG); it was left as it was`,
    );
    expect(await file.bytes()).toEqual(before);
    expect(await file.files()).toEqual([name]);
    expect((await vault.get({ id: 'gh-bot' })).credentials.token).toBe('gh-token');
    await expect(vault.list()).resolves.toHaveLength(2);
  });

  it('refuses an update the file could not hold, without writing anything', async () => {
    const { vault, current } = await open();
    const before = await current.bytes();
    const account = await vault.get({ id: 'gh-bot' });
    const error = await failure(vault.update({ ...account, integration: '' }));
    expect(error.code).toBe('validation');
    expect(error.field).toBe('/integration');
    expect(error.message).toBe(
      'Cannot update account "gh-bot": /integration must NOT have fewer than 1 characters',
    );
    const unknown = await failure(vault.update({ ...account, id: 'ghost' }));
    expect(unknown.code).toBe('not_found');
    expect(await current.bytes()).toEqual(before);
    await vault.update({ ...account, credentials: { token: 'after-failures' } });
    expect((await current.json()).accounts[1].credentials.token).toBe('after-failures');
  });

  it("writes an update of a user's account to that user's entry, beside another user's of the same id", async () => {
    const theirs = {
      id: 'gh',
      user: 'u2',
      integration: 'github',
      name: 'octo',
      credentials: { token: 't2' },
    };
    const { vault, current } = await open({
      accounts: [
        { id: 'gh', user: 'u1', integration: 'github', name: 'octo', credentials: { token: 't1' } },
        theirs,
      ],
    });
    const account = await vault.get({ id: 'gh', user: 'u1' });
    await vault.update({ ...account, credentials: { token: 't1-refreshed' } });
    expect((await current.json()).accounts).toEqual([
      {
        id: 'gh',
        user: 'u1',
        integration: 'github',
        name: 'octo',
        settings: {},
        credentials: { token: 't1-refreshed' },
      },
      theirs,
    ]);
    expect((await vault.get({ id: 'gh', user: 'u1' })).credentials.token).toBe('t1-refreshed');
    expect((await vault.get({ id: 'gh', user: 'u2' })).credentials.token).toBe('t2');
  });

  it('writes only the fields of an account', async () => {
    const { vault, current } = await open();
    const account = await vault.get({ id: 'gh-bot' });
    await vault.update({ ...account, settings: { team: 'ops' }, extra: 'not stored' } as ConnectedAccount);
    expect((await current.json()).accounts[1]).toEqual({
      id: 'gh-bot',
      integration: 'github',
      name: 'acme-bot',
      settings: { team: 'ops' },
      credentials: { token: 'gh-token' },
    });
  });
});
