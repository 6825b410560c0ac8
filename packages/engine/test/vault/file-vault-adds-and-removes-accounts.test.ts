// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { chmod } from 'node:fs/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ConnectedAccount } from '@toolsteps/sdk';
import { readAccountsFile } from '../../src/vault/accounts-file.js';
import { encryptAccountsFile, FileVault } from '../../src/vault/index.js';
import { recordingLogger } from '../security/vault/support/vault-files.js';
import { accountsFile, failure, KEY_HEX, type TempAccounts } from './accounts-fixture.js';

const zendesk = {
  id: 'zd-acme',
  integration: 'zendesk',
  name: 'Acme Support',
  settings: { subdomain: '${ZD_SUBDOMAIN}' },
  credentials: { accessToken: '${ZD_ACCESS_TOKEN}' },
};
const document = { $schema: './accounts.schema.json', accounts: [zendesk] };
// No vault key for the plain files: with one set, a new account is refused a plain file (see
// file-vault-creates-a-missing-file.test.ts); the encrypted file's test brings its own.
const env = { ZD_SUBDOMAIN: 'acme', ZD_ACCESS_TOKEN: 'at-from-env' };
const keyed = { ...env, TOOLSTEPS_VAULT_KEY: KEY_HEX };

/** A newly connected account, as `engine.connect` stores it. */
function connected(id: string, extra: Partial<ConnectedAccount> = {}): ConnectedAccount {
  return {
    id,
    integration: 'github',
    name: `${id}-name`,
    settings: { baseUrl: 'https://api.github.example' },
    credentials: { token: `${id}-token` },
    ...extra,
  };
}

let file: TempAccounts | undefined;
afterEach(async () => {
  await file?.remove();
  file = undefined;
});

async function open(content: unknown = document) {
  file = await accountsFile(content);
  await chmod(file.path, 0o600);
  return { vault: await FileVault.open(file.path, { env, logger: recordingLogger() }), current: file };
}

describe('FileVault adds and removes accounts', () => {
  it('adds an account to the file, as given, and gets and lists it at once and after reopening', async () => {
    const { vault, current } = await open();
    const account = connected('gh-new', { credentials: { token: 'gh-token', note: 'a${NOT_A_VARIABLE}' } });

    await vault.add(account);
    account.credentials.token = 'mutated-after-add';

    const expected = {
      ...connected('gh-new'),
      credentials: { token: 'gh-token', note: 'a${NOT_A_VARIABLE}' },
    };
    expect(await vault.get({ integration: 'github', name: 'gh-new-name' })).toEqual(expected);
    expect((await vault.list()).map(({ id }) => id)).toEqual(['zd-acme', 'gh-new']);
    // The other account keeps its placeholders; a value that looks like one reads back as it was given.
    expect(await current.json()).toEqual({
      $schema: './accounts.schema.json',
      accounts: [zendesk, { ...expected, credentials: { token: 'gh-token', note: 'a$${NOT_A_VARIABLE}' } }],
    });
    const reopened = await FileVault.open(current.path, { env });
    expect(await reopened.get({ id: 'gh-new' })).toEqual(expected);
    expect((await reopened.get({ id: 'zd-acme' })).credentials.accessToken).toBe('at-from-env');
    expect(await current.files()).toEqual(['accounts.json']);
  });

  it.each([
    ['an id', connected('zd-acme'), '/id'],
    ['an integration name', connected('gh-2', { integration: 'zendesk', name: 'Acme Support' }), '/name'],
  ])(
    'refuses to add %s already taken, leaving the file byte for byte as it was',
    async (_, account, field) => {
      const { vault, current } = await open();
      const before = await current.bytes();

      const error = await failure(vault.add(account));

      expect(error.code).toBe('validation');
      expect(error.field).toBe(field);
      expect(error.message).toMatch(/^Cannot add account "(zd-acme|gh-2)": /);
      expect(JSON.stringify(error.toJSON())).not.toContain(account.credentials.token);
      expect(await current.bytes()).toEqual(before);
      expect(await current.files()).toEqual(['accounts.json']);
      expect((await vault.list()).map(({ id }) => id)).toEqual(['zd-acme']);
    },
  );

  it('refuses an account the file could not hold, without writing anything', async () => {
    const { vault, current } = await open();
    const before = await current.bytes();
    const error = await failure(vault.add(connected('gh-bad', { name: '' })));
    expect(error.field).toBe('/name');
    expect(error.message).toBe('Cannot add account "gh-bad": /name must NOT have fewer than 1 characters');
    expect(await current.bytes()).toEqual(before);
  });

  it('removes an account from the file, keeping the others as written, and answers false for one it does not have', async () => {
    const { vault, current } = await open();
    await vault.add(connected('gh-new'));

    expect(await vault.remove({ id: 'gh-new' })).toBe(true);

    expect(await current.json()).toEqual(document);
    expect((await failure(vault.get({ id: 'gh-new' }))).code).toBe('not_found');
    const before = await current.bytes();
    expect(await vault.remove({ id: 'gh-new' })).toBe(false);
    expect(await vault.remove({ id: 'zd-acme', user: 'u1' })).toBe(false);
    expect(await current.bytes()).toEqual(before);
    // Its id and name are free again.
    await vault.add(connected('gh-new'));
    expect((await vault.get({ id: 'gh-new' })).credentials.token).toBe('gh-new-token');
  });

  it("adds, refreshes and removes a user's account beside another user's of the same id and name", async () => {
    const { vault, current } = await open();
    await vault.add(connected('gh', { user: 'u1' }));
    await vault.add(connected('gh', { user: 'u2' }));
    const clash = await failure(vault.add(connected('gh-2', { user: 'u1', name: 'gh-name' })));
    expect(clash.message).toContain('Cannot add account "gh-2" of user "u1": github account "gh"');

    // An OAuth refresh of u1's account writes to u1's entry only.
    const mine = await vault.get({ id: 'gh', user: 'u1' });
    await vault.update({ ...mine, credentials: { token: 'u1-refreshed' } });
    const reopened = await FileVault.open(current.path, { env });
    expect(await reopened.get({ id: 'gh', user: 'u1' })).toEqual({
      ...connected('gh', { user: 'u1' }),
      credentials: { token: 'u1-refreshed' },
    });
    expect(await reopened.get({ id: 'gh', user: 'u2' })).toEqual(connected('gh', { user: 'u2' }));
    expect(await reopened.list('github', { user: undefined })).toEqual([]);

    expect(await vault.remove({ id: 'gh', user: 'u1' })).toBe(true);
    expect((await current.json()).accounts.map(({ id, user }: ConnectedAccount) => [id, user])).toEqual([
      ['zd-acme', undefined],
      ['gh', 'u2'],
    ]);
    expect(await reopened.list('github', { user: 'u1' })).toEqual([]);
  });

  it('two vaults over one file (two processes) adding and removing at once lose nothing', async () => {
    const { current } = await open();
    const [one, two] = await Promise.all([1, 2].map(() => FileVault.open(current.path, { env })));
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => one.add(connected(`one-${i}`))),
      ...Array.from({ length: 5 }, (_, i) => two.add(connected(`two-${i}`))),
    ]);
    // Another process's additions are seen without reopening, and a name it took is refused here.
    expect((await one.get({ id: 'two-4' })).credentials.token).toBe('two-4-token');
    expect((await failure(one.add(connected('two-0')))).field).toBe('/id');

    expect(await two.remove({ id: 'one-0' })).toBe(true);
    expect(await one.remove({ id: 'one-0' })).toBe(false);

    const ids = (await readAccountsFile(current.path, { env })).document.accounts.map(({ id }) => id);
    expect(ids.sort()).toEqual(
      ['zd-acme', 'one-1', 'one-2', 'one-3', 'one-4', 'two-0', 'two-1', 'two-2', 'two-3', 'two-4'].sort(),
    );
    expect(await current.files()).toEqual(['accounts.json']);
  });

  it('refuses to update an account another process removed, and writes nothing', async () => {
    const { vault, current } = await open();
    await vault.add(connected('gh-new'));
    const other = await FileVault.open(current.path, { env });
    const account = await vault.get({ id: 'gh-new' });
    await other.remove({ id: 'gh-new' });
    const before = await current.bytes();

    const error = await failure(vault.update({ ...account, credentials: { token: 'never-written' } }));

    expect(error.details).toMatchObject({ problem: 'account_removed', account: 'gh-new' });
    expect(await current.bytes()).toEqual(before);
  });

  it('adds to and removes from an encrypted file, which stays encrypted and readable', async () => {
    file = await accountsFile(document);
    await encryptAccountsFile(file.path, { env: keyed });
    const vault = await FileVault.open(file.path, { env: keyed });

    await vault.add(connected('gh-new'));
    await vault.add(connected('gh-other'));
    expect(await vault.remove({ id: 'gh-other' })).toBe(true);

    expect(Object.keys(await file.json())).toEqual(['toolstepsVault', 'alg', 'iv', 'tag', 'data']);
    const reopened = await FileVault.open(file.path, { env: keyed });
    expect(reopened.encrypted).toBe(true);
    expect(await reopened.get({ id: 'gh-new' })).toEqual(connected('gh-new'));
    expect((await reopened.list()).map(({ id }) => id)).toEqual(['zd-acme', 'gh-new']);
    // Placeholders of the other account stay placeholders in the encrypted document.
    expect((await readAccountsFile(file.path, { env: keyed })).document.accounts[0]).toEqual(zendesk);
  });
});
