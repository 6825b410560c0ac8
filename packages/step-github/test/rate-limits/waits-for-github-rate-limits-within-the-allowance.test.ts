import { describe, expect, it } from '@jest/globals';
import type { ConnectedAccount } from '@toolsteps/engine';
import { apiCall } from '../../src/steps/api-call.js';
import { DEMO_TOKEN, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const GET_USER = { method: 'GET', endpoint: '/user', headers: { accept: 'application/vnd.github+json' } };

describe('GitHub rate limits: wait within the allowance, else fail rate_limited with the reset time', () => {
  // The emulator keeps the test's time, so a wait on the fake clock really moves past a reset.
  const gh = useGithubEmulator({ fakeClock: true });

  const withWait = (maxRateLimitWaitS: number): ConnectedAccount => ({
    ...gh.emulator.account,
    settings: { ...gh.emulator.account.settings, maxRateLimitWaitS },
  });
  const getUser = (account: ConnectedAccount = gh.emulator.account) => gh.run(apiCall, GET_USER, { account });

  it('primary limit: waits until x-ratelimit-reset, then succeeds', async () => {
    gh.emulator.setQuota('octocat', { remaining: 0, resetInS: 30 });
    const outcome = await getUser();
    expect(outcome.ok).toBe(true);
    expect(gh.clock.sleeps).toEqual([30_000]);
    expect(gh.emulator.requests.map((request) => request.status)).toEqual([403, 200]);
  });

  it('primary limit: fails rate_limited with retryAfterMs and the reset time when the reset is too far', async () => {
    gh.emulator.setQuota('octocat', { remaining: 0, resetInS: 3600 });
    const outcome = await getUser();
    expect(outcome.error).toMatchObject({
      code: 'rate_limited',
      status: 403,
      retryAfterMs: 3_600_000,
      details: { retryAt: '2030-01-01T01:00:00.000Z' },
    });
    expect(outcome.error?.message).toMatch(/API rate limit exceeded/);
    expect(outcome.error?.message).toMatch(/until 2030-01-01T01:00:00.000Z/);
    expect(gh.clock.sleeps).toEqual([]);
    expect(gh.emulator.requests).toHaveLength(1);
  });

  it('secondary limit with retry-after: waits that long, then succeeds', async () => {
    gh.emulator.secondaryLimit({ retryAfterS: 2 });
    const outcome = await getUser();
    expect(outcome.ok).toBe(true);
    expect(gh.clock.sleeps).toEqual([2_000]);
  });

  it('secondary limit without retry-after (403 or 429): backs off 60 s, within the default allowance', async () => {
    for (const status of [403, 429] as const) {
      gh.clock.sleeps.length = 0;
      gh.emulator.secondaryLimit({ status });
      const outcome = await getUser();
      expect(outcome.ok).toBe(true);
      expect(gh.clock.sleeps).toEqual([60_000]);
    }
  });

  it.each([
    ['a bare 429', 429, { message: 'Too many requests' }],
    ['the older abuse-detection 403', 403, { message: 'You have triggered an abuse detection mechanism.' }],
  ])('treats %s as a secondary limit: at least 60 s, then succeeds', async (_what, status, body) => {
    gh.emulator.faults.inject({ path: '/user', status, body });
    const outcome = await getUser();
    expect(outcome.ok).toBe(true);
    expect(gh.clock.sleeps).toEqual([60_000]);
  });

  it('secondary limit beyond a smaller allowance: fails rate_limited with when to retry', async () => {
    gh.emulator.secondaryLimit({});
    const outcome = await getUser(withWait(10));
    expect(outcome.error).toMatchObject({ code: 'rate_limited', status: 403, retryAfterMs: 60_000 });
    expect(outcome.error?.message).toMatch(/secondary rate limit/);
    expect(outcome.error?.message).toMatch(/longer than the 10 s/);
    expect(gh.emulator.requests).toHaveLength(1);
  });

  it('a 403 that is not a rate limit stays forbidden, and is not retried', async () => {
    const mona = gh.emulator.accountFor('mona', MONA_TOKEN);
    const outcome = await gh.run(
      apiCall,
      {
        ...GET_USER,
        method: 'POST',
        endpoint: '/repos/octo-org/hello-world/git/refs',
        body: { ref: 'refs/heads/x', sha: 'a'.repeat(40) },
      },
      { account: mona },
    );
    expect(outcome.error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(gh.clock.sleeps).toEqual([]);
    expect(gh.emulator.requests).toHaveLength(1);
  });

  it('never shows the token in a rate-limit error', async () => {
    gh.emulator.setQuota('octocat', { remaining: 0, resetInS: 3600 });
    expect(JSON.stringify(await getUser())).not.toContain(DEMO_TOKEN);
  });
});
