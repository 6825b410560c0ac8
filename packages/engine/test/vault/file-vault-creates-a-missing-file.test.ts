import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ConnectedAccount } from '@toolsteps/sdk';
import { FileVault } from '../../src/vault/index.js';
import { failure, KEY_HEX } from './accounts-fixture.js';

const github: ConnectedAccount = {
  id: 'gh',
  integration: 'github',
  name: 'octo',
  settings: {},
  credentials: { token: 'gh-token-created' },
};

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Where an accounts file will be, in a new empty folder. */
async function missingFile(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'toolsteps-vault-create-'));
  return join(dir, 'accounts.json');
}

describe('FileVault.open with create', () => {
  it('fails on a missing file without create, as before', async () => {
    const path = await missingFile();
    const error = await failure(FileVault.open(path, { env: {} }));
    expect(error.code).toBe('not_found');
    expect(error.details).toEqual({ file: path, problem: 'missing_file' });
    expect(error.message).toBe(`Accounts file ${path} does not exist`);
  });

  it('starts with no accounts, and writes nothing until the first add', async () => {
    const path = await missingFile();
    const vault = await FileVault.open(path, { env: {}, create: true });

    expect(await vault.list()).toEqual([]);
    expect((await failure(vault.get({ id: 'gh' }))).message).toBe(
      'No connected account has id "gh". No account is connected.',
    );
    expect(await vault.remove({ id: 'gh' })).toBe(false);
    expect(vault.encrypted).toBe(false);
    expect(await readdir(dir as string)).toEqual([]);
  });

  it('creates the file, plain and owner-only (0600), at the first add', async () => {
    const path = await missingFile();
    const vault = await FileVault.open(path, { env: {}, create: true });

    await vault.add(github);

    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ accounts: [github] });
    expect(((await stat(path)).mode & 0o777).toString(8)).toBe('600');
    expect(await readdir(dir as string)).toEqual(['accounts.json']);
    expect(await (await FileVault.open(path, { env: {} })).get({ id: 'gh' })).toEqual(github);
  });

  it('creates it encrypted when the key variable is set', async () => {
    const path = await missingFile();
    const env = { TOOLSTEPS_VAULT_KEY: KEY_HEX };
    const vault = await FileVault.open(path, { env, create: true });
    expect(vault.encrypted).toBe(true);

    await vault.add(github);

    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')))).toEqual([
      'toolstepsVault',
      'alg',
      'iv',
      'tag',
      'data',
    ]);
    const reopened = await FileVault.open(path, { env });
    expect(reopened.encrypted).toBe(true);
    expect(await reopened.get({ id: 'gh' })).toEqual(github);
  });

  it('fails at open when the key variable is set to no usable key, creating nothing', async () => {
    const path = await missingFile();
    const error = await failure(
      FileVault.open(path, { env: { MY_KEY: 'not-a-key' }, keyEnv: 'MY_KEY', create: true }),
    );
    expect(error.details).toEqual({ file: path, problem: 'bad_key' });
    expect(error.message).toBe(`MY_KEY must be 64 hex characters or base64 of 32 bytes (for ${path})`);
    expect(await readdir(dir as string)).toEqual([]);
  });

  it('two vaults (two processes) creating the file at once both land their accounts', async () => {
    const path = await missingFile();
    const vaults = await Promise.all([1, 2].map(() => FileVault.open(path, { env: {}, create: true })));

    await Promise.all(vaults.map((vault, v) => vault.add({ ...github, id: `gh-${v}`, name: `octo-${v}` })));

    const ids = JSON.parse(await readFile(path, 'utf8')).accounts.map(({ id }: ConnectedAccount) => id);
    expect(ids.sort()).toEqual(['gh-0', 'gh-1']);
    for (const vault of vaults) expect(await vault.list()).toHaveLength(2);
    expect(await readdir(dir as string)).toEqual(['accounts.json']);
  });

  it('reads a file that already exists as open does', async () => {
    const path = await missingFile();
    await (await FileVault.open(path, { env: {}, create: true })).add(github);
    const before = await readFile(path);

    const vault = await FileVault.open(path, { env: {}, create: true });

    expect(await vault.get({ id: 'gh' })).toEqual(github);
    expect(await readFile(path)).toEqual(before);
  });

  it('says why it cannot create a file in a folder that does not exist', async () => {
    const path = join(await missingFile(), 'no-such-folder', 'accounts.json');
    const vault = await FileVault.open(path, { env: {}, create: true });

    const error = await failure(vault.add(github));

    expect(error.code).toBe('unavailable');
    expect(error.details).toEqual({ file: path, problem: 'write_failed' });
    expect(error.message).toBe(`Cannot create accounts file ${path} (ENOENT): its folder does not exist`);
  });
});

describe('FileVault.add with a vault key set', () => {
  it('refuses to write a new account in clear into a plain file, leaving the file as it was', async () => {
    const path = await missingFile();
    await FileVault.open(path, { env: {}, create: true }).then((vault) => vault.add(github));
    const before = await readFile(path, 'utf8');

    const keyed = await FileVault.open(path, { env: { TOOLSTEPS_VAULT_KEY: KEY_HEX } });
    const error = await failure(
      keyed.add({ ...github, id: 'gh-2', name: 'octo 2', credentials: { token: 'gh-token-second' } }),
    );

    expect(error.details).toMatchObject({ file: path, problem: 'not_encrypted' });
    expect(error.message).toContain('encrypt it first (toolsteps encrypt-accounts');
    expect(await readFile(path, 'utf8')).toBe(before);
    expect(before).not.toContain('gh-token-second');
  });
});
