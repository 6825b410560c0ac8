// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ConnectedAccount } from '@toolsteps/sdk';
import { FileVault } from '../../../src/vault/index.js';
import { KEY_HEX } from '../../vault/accounts-fixture.js';
import { recordingLogger, type VaultFolder, vaultFolder } from './support/vault-files.js';

/** The user kept every secret of this file in the environment. */
const document = {
  accounts: [
    {
      id: 'zd-acme',
      integration: 'zendesk',
      name: 'Acme Support',
      settings: { subdomain: 'acme' },
      credentials: {
        accessToken: '${ZD_ACCESS_TOKEN}',
        refreshToken: '${ZD_REFRESH_TOKEN}',
        clientId: 'toolsteps-local',
        expiresAt: '2026-11-25T04:00:00.000Z',
      },
    },
  ],
};
const env = { ZD_ACCESS_TOKEN: 'at-from-env', ZD_REFRESH_TOKEN: 'rt-from-env', TOOLSTEPS_VAULT_KEY: KEY_HEX };
/** Without the vault key: a new account goes into a plain file only when no key says to encrypt. */
const { TOOLSTEPS_VAULT_KEY: _key, ...plainEnv } = env;
const REFRESHED = ['at-refreshed-1', 'rt-refreshed-1', 'at-refreshed-2', 'rt-refreshed-2'];

let folder: VaultFolder | undefined;
afterEach(() => folder?.remove());

/** What OAuth refresh does: reads the account, then writes it back with new tokens and expiry. */
async function refresh(vault: FileVault, n: 1 | 2): Promise<ConnectedAccount> {
  const account = await vault.get({ id: 'zd-acme' });
  const refreshed = {
    ...account,
    credentials: {
      ...account.credentials,
      accessToken: `at-refreshed-${n}`,
      refreshToken: `rt-refreshed-${n}`,
      expiresAt: `2026-11-25T0${4 + n}:00:00.000Z`,
    },
  };
  await vault.update(refreshed);
  return refreshed;
}

describe('refreshed tokens of an account whose credentials come from the environment', () => {
  it('stay out of a plain file, which keeps its placeholders byte for byte', async () => {
    folder = await vaultFolder(document);
    const before = await readFile(folder.path, 'utf8');
    const vault = await FileVault.open(folder.path, { env, logger: recordingLogger() });

    await refresh(vault, 1);
    await refresh(vault, 2);

    // Compared without printing: on failure the file would hold the refreshed tokens.
    expect((await readFile(folder.path, 'utf8')) === before).toBe(true);
    expect(await folder.files()).toEqual(['accounts.json']);
  });

  it('stay out of a plain file when another account is added to it and removed, as do the values from the environment', async () => {
    folder = await vaultFolder(document);
    const vault = await FileVault.open(folder.path, { env: plainEnv, logger: recordingLogger() });
    await refresh(vault, 1);
    const added = {
      id: 'gh',
      integration: 'github',
      name: 'octo',
      settings: {},
      credentials: { token: 'gh-token' },
    };

    await vault.add(added);
    const withAdded = await readFile(folder.path, 'utf8');
    expect(await vault.remove({ id: 'gh' })).toBe(true);

    // Compared without printing: on failure the file would hold the tokens.
    const secrets = [...REFRESHED, env.ZD_ACCESS_TOKEN, env.ZD_REFRESH_TOKEN];
    expect(secrets.some((secret) => withAdded.includes(secret))).toBe(false);
    expect(JSON.parse(withAdded).accounts).toEqual([document.accounts[0], added]);
    expect(JSON.parse(await readFile(folder.path, 'utf8'))).toEqual(document);
    // This process still has its refreshed tokens.
    expect((await vault.get({ id: 'zd-acme' })).credentials.accessToken).toBe('at-refreshed-1');
  });

  it('are what later reads of this process get, and a new process starts again from the environment', async () => {
    folder = await vaultFolder(document);
    const vault = await FileVault.open(folder.path, { env, logger: recordingLogger() });

    const refreshed = await refresh(vault, 1);

    expect(await vault.get({ id: 'zd-acme' })).toEqual(refreshed);
    const reopened = await FileVault.open(folder.path, { env, logger: recordingLogger() });
    expect((await reopened.get({ id: 'zd-acme' })).credentials).toEqual({
      accessToken: 'at-from-env',
      refreshToken: 'rt-from-env',
      clientId: 'toolsteps-local',
      expiresAt: '2026-11-25T04:00:00.000Z',
    });
  });

  it('leave all of the account credentials as written, literal ones too, while other changes are saved', async () => {
    const mixed = structuredClone(document);
    mixed.accounts[0].credentials.refreshToken = 'rt-written-by-the-user';
    folder = await vaultFolder(mixed);
    const vault = await FileVault.open(folder.path, { env, logger: recordingLogger() });
    const account = await vault.get({ id: 'zd-acme' });

    await vault.update({
      ...account,
      settings: { subdomain: 'acme-eu' },
      credentials: { ...account.credentials, accessToken: 'at-refreshed-1', refreshToken: 'rt-refreshed-1' },
    });

    const written = JSON.parse(await readFile(folder.path, 'utf8'));
    expect(written.accounts[0].settings).toEqual({ subdomain: 'acme-eu' });
    expect(written.accounts[0].credentials).toEqual(mixed.accounts[0].credentials);
  });

  it('bring one warning per account that says how to keep them, and names no secret', async () => {
    folder = await vaultFolder(document);
    const logger = recordingLogger();
    const vault = await FileVault.open(folder.path, { env, logger });

    await refresh(vault, 1);
    await refresh(vault, 2);

    expect(logger.entries).toEqual([
      {
        level: 'warn',
        message:
          `Account "zd-acme" takes its credentials from the environment, so its refreshed credentials are kept ` +
          `in memory for this process only and ${folder.path} is left as it is. To keep them across runs, ` +
          `encrypt the file (toolsteps encrypt-accounts ${folder.path}) or use a credential vault.`,
        fields: { file: folder.path, account: 'zd-acme' },
      },
    ]);
    const told = JSON.stringify(logger.entries);
    const leaked = [...REFRESHED, env.ZD_ACCESS_TOKEN, env.ZD_REFRESH_TOKEN].filter((secret) =>
      told.includes(secret),
    );
    expect(leaked).toEqual([]);
  });

  it('reach the user as a process warning when the vault has no logger', async () => {
    folder = await vaultFolder(document);
    const vault = await FileVault.open(folder.path, { env });
    const emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      await refresh(vault, 1);
      expect(emitWarning).toHaveBeenCalledTimes(1);
      expect(emitWarning.mock.calls[0]).toEqual([
        expect.stringContaining('kept in memory for this process only'),
        { code: 'TOOLSTEPS_ACCOUNTS_FILE' },
      ]);
    } finally {
      emitWarning.mockRestore();
    }
  });

  it('are saved in an encrypted file in place of the placeholders, with a warning naming the fields', async () => {
    folder = await vaultFolder(document, 0o600);
    await FileVault.encryptFile(folder.path, undefined, env);
    const logger = recordingLogger();
    const vault = await FileVault.open(folder.path, { env, logger });

    const refreshed = await refresh(vault, 1);

    const onDisk = await readFile(folder.path, 'utf8');
    expect(REFRESHED.filter((secret) => onDisk.includes(secret))).toEqual([]);
    const reopened = await FileVault.open(folder.path, { env: { TOOLSTEPS_VAULT_KEY: KEY_HEX } });
    expect(await reopened.get({ id: 'zd-acme' })).toEqual(refreshed);
    expect(logger.entries.map(({ level, message }) => ({ level, message }))).toEqual([
      {
        level: 'warn',
        message:
          `Account "zd-acme" took accessToken, refreshToken from the environment; the refreshed values are now ` +
          `saved encrypted in ${folder.path} in place of those placeholders, and the environment is no longer ` +
          `read for them.`,
      },
    ]);
  });
});
