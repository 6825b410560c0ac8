// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import { encryptAccountsFile, FileVault, generateVaultKey } from '../../src/vault/index.js';
import { accountsFile, failure, KEY_HEX, OTHER_KEY_HEX, type TempAccounts } from './accounts-fixture.js';

const document = {
  accounts: [
    {
      id: 'zd-acme',
      integration: 'zendesk',
      name: 'Acme Support',
      settings: { subdomain: 'acme' },
      credentials: { accessToken: 'at-plain-secret', clientSecret: '${ZD_CLIENT_SECRET}' },
    },
  ],
};
const env = { TOOLSTEPS_VAULT_KEY: KEY_HEX, ZD_CLIENT_SECRET: 'cs-from-env' };

let file: TempAccounts | undefined;
afterEach(async () => {
  await file?.remove();
  file = undefined;
});

async function encrypted(): Promise<TempAccounts> {
  file = await accountsFile(document);
  await encryptAccountsFile(file.path, { env });
  return file;
}

describe('FileVault encrypted at rest', () => {
  it('encrypts a plain file so that no secret is readable on disk, and opens it again', async () => {
    const current = await encrypted();
    const onDisk = await current.json();
    expect(Object.keys(onDisk)).toEqual(['toolstepsVault', 'alg', 'iv', 'tag', 'data']);
    expect(onDisk).toMatchObject({ toolstepsVault: 1, alg: 'aes-256-gcm' });
    expect((await current.bytes()).toString()).not.toMatch(/at-plain-secret|Acme|ZD_CLIENT_SECRET/);
    const vault = await FileVault.open(current.path, { env });
    expect(vault.encrypted).toBe(true);
    expect((await vault.get({ id: 'zd-acme' })).credentials).toEqual({
      accessToken: 'at-plain-secret',
      clientSecret: 'cs-from-env',
    });
  });

  it('reads the key from the variable the options name, as hex or base64', async () => {
    const current = await encrypted();
    const base64Key = Buffer.from(KEY_HEX, 'hex').toString('base64');
    const vault = await FileVault.open(current.path, {
      env: { ...env, MY_KEY: base64Key },
      keyEnv: 'MY_KEY',
    });
    expect((await vault.get({ id: 'zd-acme' })).name).toBe('Acme Support');
  });

  it('encrypts with FileVault.encryptFile and a key of generateVaultKey', async () => {
    file = await accountsFile(document);
    const key = generateVaultKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await FileVault.encryptFile(file.path, 'CUSTOM_KEY', { CUSTOM_KEY: key });
    const vault = await FileVault.open(file.path, {
      env: { CUSTOM_KEY: key, ZD_CLIENT_SECRET: 'x' },
      keyEnv: 'CUSTOM_KEY',
    });
    expect(vault.encrypted).toBe(true);
  });

  it('says the key is wrong (or the file modified), and leaves the file as it was', async () => {
    const current = await encrypted();
    const before = await current.bytes();
    const error = await failure(
      FileVault.open(current.path, { env: { ...env, TOOLSTEPS_VAULT_KEY: OTHER_KEY_HEX } }),
    );
    expect(error.message).toBe(
      `Cannot decrypt accounts file ${current.path}: wrong key or the file was modified`,
    );
    expect(error.details?.problem).toBe('wrong_key');
    expect(JSON.stringify(error.toJSON())).not.toContain(OTHER_KEY_HEX);
    expect(await current.bytes()).toEqual(before);
  });

  it('notices a changed byte of the encrypted data', async () => {
    const current = await encrypted();
    const envelope = await current.json();
    const data = Buffer.from(envelope.data, 'base64');
    data[0] ^= 1;
    await writeFile(current.path, JSON.stringify({ ...envelope, data: data.toString('base64') }));
    const error = await failure(FileVault.open(current.path, { env }));
    expect(error.details?.problem).toBe('wrong_key');
  });

  it('asks for the key when the file is encrypted and the variable is not set', async () => {
    const current = await encrypted();
    const error = await failure(FileVault.open(current.path, { env: { ZD_CLIENT_SECRET: 'x' } }));
    expect(error.message).toBe(
      `Accounts file ${current.path} is encrypted: set TOOLSTEPS_VAULT_KEY to its key`,
    );
  });

  it('refuses a key that is neither 64 hex characters nor 32 bytes of base64, without echoing it', async () => {
    const current = await encrypted();
    const error = await failure(
      FileVault.open(current.path, { env: { ...env, TOOLSTEPS_VAULT_KEY: 'short-key-value' } }),
    );
    expect(error.message).toBe(
      `TOOLSTEPS_VAULT_KEY must be 64 hex characters or base64 of 32 bytes (for ${current.path})`,
    );
    expect(error.message).not.toContain('short-key-value');
  });

  it('reports a truncated encrypted file and a damaged envelope as corrupt, never rewriting them', async () => {
    const current = await encrypted();
    const whole = (await current.bytes()).toString();
    await writeFile(current.path, whole.slice(0, Math.floor(whole.length / 2)));
    const truncated = await current.bytes();
    const error = await failure(FileVault.open(current.path, { env }));
    expect(error.details?.problem).toBe('corrupt');
    expect(error.message).toContain(`Accounts file ${current.path} is not valid JSON (it ends early`);
    expect(await current.bytes()).toEqual(truncated);

    const envelope = JSON.parse(whole);
    await writeFile(current.path, JSON.stringify({ ...envelope, alg: 'aes-128-cbc', iv: 'not base64!' }));
    const damaged = await current.bytes();
    const bad = await failure(FileVault.open(current.path, { env }));
    expect(bad.details?.problem).toBe('corrupt');
    expect(bad.message).toContain(
      `Accounts file ${current.path} has a damaged encryption envelope: /alg must be equal to constant`,
    );
    expect(bad.message).toContain('/iv must match the pattern');
    expect(await current.bytes()).toEqual(damaged);
  });

  it('refuses to encrypt twice, without a key, or a file that is not an accounts file', async () => {
    const current = await encrypted();
    const before = await current.bytes();
    const twice = await failure(encryptAccountsFile(current.path, { env }));
    expect(twice.message).toBe(`Accounts file ${current.path} is already encrypted`);
    expect(await current.bytes()).toEqual(before);

    const plain = await accountsFile(document, 'plain.json');
    const noKey = await failure(encryptAccountsFile(plain.path, { env: {} }));
    expect(noKey.message).toBe(
      `Cannot encrypt accounts file ${plain.path}: set TOOLSTEPS_VAULT_KEY to the key to use (e.g. 64 hex characters)`,
    );
    expect(await plain.json()).toEqual(document);
    await plain.remove();

    await writeFile(current.path, '{"accounts": [{"id": 1}]}');
    const invalid = await failure(encryptAccountsFile(current.path, { env }));
    expect(invalid.details?.problem).toBe('invalid');
    expect((await current.bytes()).toString()).toBe('{"accounts": [{"id": 1}]}');
  });

  it('re-encrypts on update with a fresh IV, keeping placeholders inside the encrypted text', async () => {
    const current = await encrypted();
    const before = await current.json();
    const vault = await FileVault.open(current.path, { env });
    const account = await vault.get({ id: 'zd-acme' });
    await vault.update({ ...account, credentials: { ...account.credentials, accessToken: 'at-refreshed' } });
    const after = await current.json();
    expect(after.iv).not.toBe(before.iv);
    expect((await current.bytes()).toString()).not.toContain('at-refreshed');
    const reopened = await FileVault.open(current.path, { env: { ...env, ZD_CLIENT_SECRET: 'cs-rotated' } });
    expect((await reopened.get({ id: 'zd-acme' })).credentials).toEqual({
      accessToken: 'at-refreshed',
      clientSecret: 'cs-rotated',
    });
  });
});
