import { chmod, stat } from 'node:fs/promises';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { encryptAccountsFile, FileVault } from '@toolsteps/engine';
import { readAccountsFile } from '../../../engine/src/vault/accounts-file.js';
import { recordingLogger } from '../../../engine/test/security/vault/support/vault-files.js';
import { accountsFile, KEY_HEX, type TempAccounts } from '../../../engine/test/vault/accounts-fixture.js';
import type { CliProcess } from '../support/cli-process.js';
import { startChild, startTogether } from './support/child-process.js';

// Children compile TypeScript with tsx on a slow shared box: generous, and never asserted on.
jest.setTimeout(180_000);

const ROUNDS = 15;
const WRITERS = ['a', 'b'];
const document = {
  accounts: [
    ...WRITERS.map((writer) => ({
      id: `${writer}-own`,
      integration: 'github',
      name: `${writer}-bot`,
      credentials: { token: `${writer}-token-0` },
    })),
    { id: 'shared', integration: 'zendesk', name: 'Shared', settings: {}, credentials: { token: 'shared' } },
  ],
};
const keyEnv = { TOOLSTEPS_VAULT_KEY: KEY_HEX };

let file: TempAccounts | undefined;
let children: CliProcess[] = [];
afterEach(async () => {
  for (const { child } of children) child.kill('SIGKILL');
  await Promise.all(children.map((child) => child.exited.catch(() => undefined)));
  children = [];
  await file?.remove();
  file = undefined;
});

async function sharedFile(encrypted: boolean): Promise<TempAccounts> {
  file = await accountsFile(document);
  await chmod(file.path, 0o600);
  if (encrypted) await encryptAccountsFile(file.path, { env: keyEnv });
  return file;
}

describe('processes sharing an accounts file', () => {
  it.each([
    ['a plain', false],
    ['an encrypted', true],
  ])(
    'two processes updating %s file at once lose no update, and a third reads their writes',
    async (_, encrypted) => {
      const current = await sharedFile(encrypted);
      const env = encrypted ? keyEnv : {};
      // Opened before the writers start: it must see their writes without being reopened.
      const watcher = await FileVault.open(current.path, { env, logger: recordingLogger() });
      children = WRITERS.map((writer) =>
        startChild('accounts-writer.ts', {
          ACCOUNTS_FILE: current.path,
          WRITER: writer,
          COUNT: String(ROUNDS),
          ...(encrypted ? keyEnv : { TOOLSTEPS_VAULT_KEY: undefined }),
        }),
      );
      await startTogether(children);

      // Every version of the file met while they write is whole: valid JSON, decryptable, an accounts file.
      let reads = 0;
      const writing = Promise.all(children.map((child) => child.waitFor(/^done$/m)));
      let finished = false;
      void writing.then(() => {
        finished = true;
      });
      while (!finished) {
        await readAccountsFile(current.path, { env });
        reads += 1;
      }
      await writing;
      expect((await Promise.all(children.map((child) => child.exited))).map((end) => end.code)).toEqual([
        0, 0,
      ]);

      const written = (await readAccountsFile(current.path, { env })).document.accounts;
      expect(written.map((account) => [account.id, account.credentials])).toEqual([
        ['a-own', { token: `a-token-${ROUNDS}` }],
        ['b-own', { token: `b-token-${ROUNDS}` }],
        ['shared', { token: 'shared' }],
      ]);
      // Both write the shared account whole: the last write wins, and it is one of their last rounds'.
      expect(written[2].settings).toEqual({
        writer: expect.stringMatching(/^[ab]$/),
        round: expect.any(Number),
      });
      expect((await watcher.get({ id: 'a-own' })).credentials.token).toBe(`a-token-${ROUNDS}`);
      expect((await watcher.get({ id: 'b-own' })).credentials.token).toBe(`b-token-${ROUNDS}`);
      expect((await watcher.get({ id: 'shared' })).settings).toEqual(written[2].settings);
      expect(reads).toBeGreaterThan(0);
      expect(await current.files()).toEqual(['accounts.json']);
    },
  );

  it('takes over the lock of a writer killed with SIGKILL while holding it, once that lock goes stale', async () => {
    const current = await sharedFile(false);
    const holder = startChild('lock-holder.ts', { ACCOUNTS_FILE: current.path });
    children = [holder];
    await holder.waitFor(/^holding the lock$/m);
    holder.child.kill('SIGKILL');
    expect((await holder.exited).signal).toBe('SIGKILL');
    expect((await stat(`${current.path}.lock`)).isDirectory()).toBe(true);

    // Waits (within the default bound) until the dead holder's lock is stale, then takes it.
    const vault = await FileVault.open(current.path, { env: {} });
    const account = await vault.get({ id: 'a-own' });
    await vault.update({ ...account, credentials: { token: 'a-token-after-the-crash' } });

    expect((await current.json()).accounts[0].credentials.token).toBe('a-token-after-the-crash');
    expect(await current.files()).toEqual(['accounts.json']);
  });
});
