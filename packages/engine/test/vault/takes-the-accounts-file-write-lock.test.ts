// biome-ignore-all lint/suspicious/noTemplateCurlyInString: accounts files spell environment placeholders as ${NAME}
import { chmod, mkdir, symlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { readAccountsFile, writeAccountsFile } from '../../src/vault/accounts-file.js';
import { FileVault } from '../../src/vault/index.js';
import { recordingLogger } from '../security/vault/support/vault-files.js';
import { accountsFile, failure, type TempAccounts } from './accounts-fixture.js';

const ROUNDS = 5;
const accounts = Array.from({ length: 10 }, (_, i) => ({
  id: `acct-${i}`,
  integration: 'github',
  name: `bot-${i}`,
  credentials: { token: `token-${i}` },
}));
const shared = {
  id: 'shared',
  integration: 'zendesk',
  name: 'Shared',
  credentials: { token: 'shared-token' },
};
const document = { accounts: [...accounts, shared] };

let file: TempAccounts | undefined;
afterEach(async () => {
  await file?.remove();
  file = undefined;
});

async function open(content: unknown = document) {
  file = await accountsFile(content);
  await chmod(file.path, 0o600);
  return { current: file, lock: `${file.path}.lock` };
}

/** A lock folder as a live process holds it: fresh, so it is not stale. */
async function heldLock(lock: string, ageMs = 0): Promise<void> {
  await mkdir(lock);
  const then = new Date(Date.now() - ageMs);
  await utimes(lock, then, then);
}

async function refresh(vault: FileVault, id: string, token: string): Promise<void> {
  const account = await vault.get({ id });
  await vault.update({ ...account, credentials: { token } });
}

describe('FileVault updates take the accounts file write lock', () => {
  it('two vaults updating different accounts and the same one at once lose no update and leave no file behind', async () => {
    const { current } = await open();
    const vaults = await Promise.all([1, 2].map(() => FileVault.open(current.path, { env: {} })));
    let writing = true;
    let reads = 0;
    // Every version of the file a reader meets is whole and valid.
    const reader = (async () => {
      while (writing) {
        await readAccountsFile(current.path);
        reads += 1;
      }
    })();

    await Promise.all(
      vaults.map(async (vault, v) => {
        for (let round = 1; round <= ROUNDS; round++) {
          await Promise.all([
            ...accounts
              .filter((_, i) => i % 2 === v)
              .map(({ id }) => refresh(vault, id, `${id}-round-${round}`)),
            refresh(vault, 'shared', `vault-${v}-round-${round}`),
          ]);
        }
      }),
    );
    writing = false;
    await reader;

    const written = (await readAccountsFile(current.path)).document.accounts;
    expect(written.slice(0, 10).map((account) => account.credentials)).toEqual(
      accounts.map(({ id }) => ({ token: `${id}-round-${ROUNDS}` })),
    );
    // Each update replaces the account whole: the last one written wins, from either vault.
    expect(written[10].credentials?.token).toMatch(/^vault-[01]-round-[1-5]$/);
    for (const vault of vaults)
      expect(await vault.get({ id: 'shared' })).toMatchObject({ credentials: written[10].credentials });
    expect(reads).toBeGreaterThan(0);
    expect(await current.files()).toEqual(['accounts.json']);
  });

  it('waits a bounded time for a lock another process holds, then fails naming the file, and writes nothing', async () => {
    const { current, lock } = await open();
    await heldLock(lock);
    const vault = await FileVault.open(current.path, { env: {}, lockWaitMs: 300 });
    const before = await current.bytes();

    const error = await failure(refresh(vault, 'acct-1', 'token-never-written'));

    expect(error.code).toBe('unavailable');
    expect(error.retryable).toBe(true);
    expect(error.details).toEqual({ file: current.path, problem: 'locked', lock });
    expect(error.message).toBe(
      `Accounts file ${current.path} stayed locked by another process for over 300ms; try again later, or remove ${lock} if no toolsteps process uses the file`,
    );
    expect(await current.bytes()).toEqual(before);
    expect((await vault.get({ id: 'acct-1' })).credentials.token).toBe('token-1');
    expect(await current.files()).toEqual(['accounts.json', 'accounts.json.lock']);
  });

  it('takes the same lock when the file is opened through a link', async () => {
    const { current, lock } = await open();
    const link = join(current.dir, 'linked-accounts.json');
    await symlink(current.path, link);
    await heldLock(lock);
    const vault = await FileVault.open(link, { env: {}, lockWaitMs: 300 });

    const error = await failure(refresh(vault, 'acct-1', 'token-never-written'));

    expect(error.details).toMatchObject({ problem: 'locked', lock });
  });

  it('takes over a lock a dead process left a minute ago, and leaves no lock behind', async () => {
    const { current, lock } = await open();
    const vault = await FileVault.open(current.path, { env: {}, lockWaitMs: 300 });
    // Left after the open, which takes the lock too (to remove leftover temporary files) and would take it over.
    await heldLock(lock, 60_000);

    await refresh(vault, 'acct-1', 'token-after-takeover');

    expect((await current.json()).accounts[1].credentials.token).toBe('token-after-takeover');
    expect(await current.files()).toEqual(['accounts.json']);
  });

  it('refuses to update an account another process removed from the file, and writes nothing', async () => {
    const { current } = await open();
    const vault = await FileVault.open(current.path, { env: {} });
    const account = await vault.get({ id: 'acct-1' });
    await writeAccountsFile(current.path, {
      accounts: document.accounts.filter(({ id }) => id !== 'acct-1'),
    });
    const before = await current.bytes();

    const error = await failure(vault.update({ ...account, credentials: { token: 'token-never-written' } }));

    expect(error.code).toBe('not_found');
    expect(error.details).toEqual({ file: current.path, problem: 'account_removed', account: 'acct-1' });
    expect(error.message).toBe(
      `Cannot save account "acct-1": it is no longer in accounts file ${current.path} (removed since this process read it); nothing was written`,
    );
    expect(await current.bytes()).toEqual(before);
    expect(await current.files()).toEqual(['accounts.json']);
  });

  it('needs no lock for refreshed credentials that stay in memory (placeholders in a plain file)', async () => {
    const { current, lock } = await open({
      accounts: [{ ...shared, credentials: { token: '${SHARED_TOKEN}' } }],
    });
    await heldLock(lock);
    const vault = await FileVault.open(current.path, {
      env: { SHARED_TOKEN: 'token-from-env' },
      lockWaitMs: 300,
      logger: recordingLogger(),
    });

    await refresh(vault, 'shared', 'token-refreshed');

    expect((await vault.get({ id: 'shared' })).credentials.token).toBe('token-refreshed');
  });
});
