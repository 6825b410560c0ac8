import { describe, expect, it } from '@jest/globals';
import {
  CHANNEL_IDLE_MS,
  type ConnectedAccount,
  createEngine,
  type KyHttpClientFactory,
  MemoryVault,
  TOKENS,
} from '@toolsteps/engine';
import { FakeClock } from '@toolsteps/engine/testing';
import github from '../../src/index.js';
import { HUBOT_TOKEN } from '../../src/testing/github-seed.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const WHO_AM_I = { endpoint: '/user', headers: { accept: 'application/vnd.github+json' } };

describe('engine.call for the end user whose account it is', () => {
  const gh = useGithubEmulator();

  /** Alice's and Bob's GitHub accounts: the same id and name, different GitHub users. */
  function accountsOfTwoUsers(): ConnectedAccount[] {
    const octocat = gh.emulator.account;
    const hubot = gh.emulator.accountFor('hubot', HUBOT_TOKEN);
    return [
      { ...octocat, id: 'github', name: 'Main', user: 'alice' },
      { ...hubot, id: 'github', name: 'Main', user: 'bob' },
    ];
  }

  it('never sends one user’s credential for another, whose account has the same id, under load', async () => {
    const engine = await createEngine({
      integrations: [github],
      vault: new MemoryVault(accountsOfTwoUsers()),
    });
    const users = Array.from({ length: 80 }, (_, index) => (index % 2 === 0 ? 'alice' : 'bob'));

    const outcomes = await Promise.all(
      users.map((user) => engine.call('github_api_call', WHO_AM_I, { user })),
    );

    const logins = outcomes.map((outcome) =>
      outcome.ok ? (outcome.result as { body: { login: string } }).body.login : outcome.error.message,
    );
    expect(logins).toEqual(users.map((user) => (user === 'alice' ? 'octocat' : 'hubot')));
    expect(outcomes.every((outcome) => outcome.meta.account?.id === 'github')).toBe(true);
  });

  it('tells a runtime that a user has connected no account of the integration, naming both', async () => {
    const engine = await createEngine({
      integrations: [github],
      vault: new MemoryVault(accountsOfTwoUsers()),
    });

    const outcome = await engine.call('github_get_repository', DEMO_REPO, { user: 'carol' });

    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: 'not_connected',
        message: `User "carol" has no GitHub account connected: connect one (engine.connect.start({ integration: "github", user: "carol", redirectUri }), or toolsteps connect github)`,
        // What the runtime needs to start connecting one for carol.
        connect: { integration: 'github', user: 'carol', kind: 'oauth2', device: true, requiredSettings: [] },
        retryable: false,
      },
      meta: { requests: 0, outcome: 'not_done' },
    });
    expect(gh.emulator.requests).toEqual([]);
  });

  it("finds a user's account by its name or id only among that user's accounts", async () => {
    const engine = await createEngine({
      integrations: [github],
      vault: new MemoryVault(accountsOfTwoUsers()),
    });

    const bobs = await engine.call('github_api_call', WHO_AM_I, { user: 'bob', account: 'Main' });
    const nobodys = await engine.call('github_api_call', WHO_AM_I, { account: 'github' });

    expect(bobs).toMatchObject({ ok: true, result: { body: { login: 'hubot' } } });
    expect(nobodys).toMatchObject({ ok: false, error: { code: 'not_found' } });
    if (nobodys.ok) throw new Error('unreachable');
    expect(nobodys.error.message).not.toMatch(/alice|bob/);
  });

  it('refuses an account a vault answers for another user than asked, before sending anything', async () => {
    const [alices] = accountsOfTwoUsers();
    const careless = new MemoryVault([alices]);
    // A runtime's vault that forgets to look at the user.
    const vault = {
      get: () => careless.get({ id: 'github', user: 'alice' }),
      list: () => careless.list('github', { user: 'alice' }),
      update: (account: ConnectedAccount) => careless.update(account),
    };
    const engine = await createEngine({ integrations: [github], vault });

    const outcome = await engine.call('github_api_call', WHO_AM_I, { user: 'bob' });

    expect(outcome).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(gh.emulator.requests).toEqual([]);
  });

  it("lets go of an account's channel once it has been idle, so memory follows the users active now", async () => {
    const clock = new FakeClock(Date.parse('2030-01-01T00:00:00Z'));
    const users = Array.from({ length: 50 }, (_, index) => `user-${index}`);
    const vault = new MemoryVault(users.map((user) => ({ ...gh.emulator.account, id: 'github', user })));
    const engine = await createEngine({ integrations: [github], vault, clock });
    const factory = engine.container.get<KyHttpClientFactory>(TOKENS.HttpClientFactory);

    for (const user of users)
      expect((await engine.call('github_api_call', WHO_AM_I, { user })).ok).toBe(true);
    const heldWhileActive = factory.channels;
    await clock.sleep(CHANNEL_IDLE_MS);
    expect((await engine.call('github_api_call', WHO_AM_I, { user: 'user-0' })).ok).toBe(true);

    expect(heldWhileActive).toBe(50);
    expect(factory.channels).toBe(1);
  });
});
