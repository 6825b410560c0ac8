import { describe, expect, it } from '@jest/globals';
import { type ConnectedAccount, StepError } from '@toolsteps/sdk';
import { MemoryVault } from '../../src/vault/index.js';

const accounts: ConnectedAccount[] = [
  {
    id: 'zd-acme',
    integration: 'zendesk',
    name: 'Acme Support',
    settings: { subdomain: 'acme' },
    credentials: { accessToken: 'zd-secret-1' },
  },
  {
    id: 'zd-beta',
    integration: 'zendesk',
    name: 'Beta Support',
    settings: { subdomain: 'beta' },
    credentials: { accessToken: 'zd-secret-2' },
  },
  {
    id: 'gh-bot',
    integration: 'github',
    name: 'acme-bot',
    settings: {},
    credentials: { token: 'gh-secret-3' },
  },
];

async function failure(promise: Promise<unknown>): Promise<StepError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(StepError);
  return error as StepError;
}

describe('MemoryVault', () => {
  it('finds an account by id or by integration and name, among several of one integration', async () => {
    const vault = new MemoryVault(accounts);
    expect((await vault.get({ id: 'zd-beta' })).settings).toEqual({ subdomain: 'beta' });
    expect((await vault.get({ integration: 'zendesk', name: 'Acme Support' })).id).toBe('zd-acme');
    expect((await vault.get({ integration: 'github', name: 'acme-bot' })).credentials).toEqual({
      token: 'gh-secret-3',
    });
  });

  it('names the accounts of that integration when a name is not found, and no credentials', async () => {
    const vault = new MemoryVault(accounts);
    const error = await failure(vault.get({ integration: 'zendesk', name: 'Gamma' }));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(
      'No zendesk account is named "Gamma". Connected zendesk accounts: "Acme Support", "Beta Support".',
    );
    expect(error.message).not.toContain('acme-bot');
    expect(JSON.stringify(error.toJSON())).not.toMatch(/secret/);
  });

  it('says when no account of an integration is connected', async () => {
    const error = await failure(new MemoryVault(accounts).get({ integration: 'enrichment', name: 'main' }));
    expect(error.message).toBe('No enrichment account is named "main". No enrichment account is connected.');
  });

  it('lists the connected ids when an id is not found', async () => {
    const error = await failure(new MemoryVault(accounts).get({ id: 'nope' }));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(
      'No connected account has id "nope". Connected account ids: "zd-acme", "zd-beta", "gh-bot".',
    );
    expect((await failure(new MemoryVault([]).get({ id: 'nope' }))).message).toBe(
      'No connected account has id "nope". No account is connected.',
    );
  });

  it('lists accounts without credentials, optionally for one integration', async () => {
    const vault = new MemoryVault(accounts);
    const all = await vault.list();
    expect(all.map((account) => account.id)).toEqual(['zd-acme', 'zd-beta', 'gh-bot']);
    expect(JSON.stringify(all)).not.toContain('secret');
    expect(await vault.list('github')).toEqual([
      { id: 'gh-bot', integration: 'github', name: 'acme-bot', settings: {} },
    ]);
  });

  it('hands out copies, so callers cannot change what it holds', async () => {
    const input = structuredClone(accounts);
    const vault = new MemoryVault(input);
    input[0].credentials.accessToken = 'changed-by-caller';
    const got = await vault.get({ id: 'zd-acme' });
    got.credentials.accessToken = 'changed-after-get';
    (await vault.list())[0].settings.subdomain = 'changed-in-list';
    const again = await vault.get({ id: 'zd-acme' });
    expect(again.credentials.accessToken).toBe('zd-secret-1');
    expect(again.settings.subdomain).toBe('acme');
  });

  it('replaces an account on update, keeping a copy', async () => {
    const vault = new MemoryVault(accounts);
    const refreshed = { ...accounts[0], credentials: { accessToken: 'zd-secret-new' } };
    await vault.update(refreshed);
    refreshed.credentials.accessToken = 'mutated-after-update';
    expect((await vault.get({ id: 'zd-acme' })).credentials).toEqual({ accessToken: 'zd-secret-new' });
  });

  it('refuses to update an account it does not hold, or to give it a name already taken', async () => {
    const vault = new MemoryVault(accounts);
    expect((await failure(vault.update({ ...accounts[0], id: 'zd-other' }))).code).toBe('not_found');
    const clash = await failure(vault.update({ ...accounts[1], name: 'Acme Support' }));
    expect(clash.code).toBe('validation');
    expect(clash.message).toContain('names must be unique per integration');
    expect((await vault.get({ id: 'zd-beta' })).name).toBe('Beta Support');
  });

  it('adds an account, keeping a copy, and gets and lists it', async () => {
    const vault = new MemoryVault(accounts);
    const added: ConnectedAccount = {
      id: 'gh-new',
      integration: 'github',
      name: 'new-bot',
      settings: {},
      credentials: { token: 'gh-secret-4' },
    };
    await vault.add(added);
    added.credentials.token = 'mutated-after-add';
    expect((await vault.get({ integration: 'github', name: 'new-bot' })).credentials).toEqual({
      token: 'gh-secret-4',
    });
    expect((await vault.list('github')).map((account) => account.id)).toEqual(['gh-bot', 'gh-new']);
  });

  it('refuses to add an id or an integration name its user already has, storing nothing', async () => {
    const vault = new MemoryVault(accounts);
    const id = await failure(vault.add({ ...accounts[2], name: 'other-bot', credentials: { token: 'x' } }));
    expect(id.code).toBe('validation');
    expect(id.field).toBe('/id');
    expect(id.message).toBe(
      'Cannot add account "gh-bot": one with that id is already connected; remove it first, or choose another id',
    );
    const name = await failure(vault.add({ ...accounts[0], id: 'zd-new' }));
    expect(name.field).toBe('/name');
    expect(name.details).toEqual({ account: 'zd-new', clash: 'name', existing: 'zd-acme' });
    expect(name.message).toBe(
      'Cannot add account "zd-new": zendesk account "zd-acme" is already named "Acme Support"; names must be unique per integration: remove it first, or choose another name',
    );
    expect(JSON.stringify([id.toJSON(), name.toJSON()])).not.toMatch(/secret/);
    expect((await vault.list()).map((account) => account.id)).toEqual(['zd-acme', 'zd-beta', 'gh-bot']);
    expect((await vault.get({ id: 'gh-bot' })).name).toBe('acme-bot');
  });

  it("adds a user's account beside another user's of the same id and name, and removes only it", async () => {
    const vault = new MemoryVault(accounts);
    await vault.add({ ...accounts[2], user: 'u1', credentials: { token: 'u1-token' } });
    const clash = await failure(vault.add({ ...accounts[2], user: 'u1', id: 'gh-2' }));
    expect(clash.message).toContain('Cannot add account "gh-2" of user "u1": github account "gh-bot"');
    expect(clash.details).toMatchObject({ user: 'u1' });
    expect((await vault.get({ id: 'gh-bot', user: 'u1' })).credentials.token).toBe('u1-token');

    expect(await vault.remove({ id: 'gh-bot', user: 'u1' })).toBe(true);
    expect(await vault.remove({ id: 'gh-bot', user: 'u1' })).toBe(false);
    expect(await vault.list(undefined, { user: 'u1' })).toEqual([]);
    expect((await vault.get({ id: 'gh-bot' })).credentials.token).toBe('gh-secret-3');
  });

  it('removes an account, answering false for one it does not hold', async () => {
    const vault = new MemoryVault(accounts);
    expect(await vault.remove({ id: 'zd-beta' })).toBe(true);
    expect(await vault.remove({ id: 'zd-beta' })).toBe(false);
    expect(await vault.remove({ id: 'zd-acme', user: 'someone' })).toBe(false);
    expect((await vault.list()).map((account) => account.id)).toEqual(['zd-acme', 'gh-bot']);
    expect((await failure(vault.get({ id: 'zd-beta' }))).code).toBe('not_found');
    // Its name is free again.
    await vault.add({ ...accounts[1], id: 'zd-beta-2' });
    expect((await vault.get({ integration: 'zendesk', name: 'Beta Support' })).id).toBe('zd-beta-2');
  });

  it('rejects duplicate ids and duplicate names within an integration at construction', () => {
    expect(() => new MemoryVault([accounts[0], { ...accounts[2], id: 'zd-acme' }])).toThrow(
      'Duplicate account id "zd-acme" (accounts[1])',
    );
    expect(() => new MemoryVault([accounts[0], { ...accounts[1], name: 'Acme Support' }])).toThrow(
      'Accounts "zd-acme" and "zd-beta" are both zendesk accounts named "Acme Support"',
    );
    expect(() => new MemoryVault([accounts[0], { ...accounts[2], name: 'Acme Support' }])).not.toThrow();
  });
});
