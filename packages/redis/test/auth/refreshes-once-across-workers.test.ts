import { expect, it, jest } from '@jest/globals';
import { createEngine, MemoryVault, type RefreshLock } from '@toolsteps/engine';
import { demoIntegration, GET_ME } from '../../../engine/test/auth/support/demo-integration.js';
import { RedisRefreshLock } from '../../src/redis-refresh-lock.js';
import { useRotatingTokenWorld } from './support/rotating-token-world.js';

jest.setTimeout(60_000);

const CLIENT = { clientId: 'client-demo', clientSecret: 'client_secret_9f8e7d' };
/** How long the token endpoint holds a lone request: both workers read the vault before either saves. */
const TOKEN_HOLD_MS = 300;

const world = useRotatingTokenWorld(TOKEN_HOLD_MS);

const demo = demoIntegration(() => world.api.emulator.baseUrl);

/** Expired an hour ago: the first request of either worker refreshes it. */
const expiredAccount = (credentials: Record<string, unknown> = {}) => ({
  id: 'acct-1',
  integration: 'demo',
  name: 'Demo acct-1',
  settings: {},
  credentials: {
    ...CLIENT,
    accessToken: 'access_original',
    refreshToken: 'refresh_original',
    expiresAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...credentials,
  },
});

/** Two workers (engines) sharing one vault, each with its own lock object over the same Redis. */
async function twoWorkersRun(lock: (() => RefreshLock) | undefined, account = expiredAccount()) {
  const vault = new MemoryVault([account]);
  const engines = await Promise.all(
    [1, 2].map(() => createEngine({ integrations: [demo], vault, refreshLock: lock?.() })),
  );
  const results = await Promise.all(engines.map((engine) => engine.run(GET_ME)));
  const tokenCalls = world.api.emulator.requests.filter((request) => request.path === '/oauth/token');
  return { results, tokenCalls, stored: (await vault.get({ id: 'acct-1' })).credentials };
}

it('with a shared lock, one worker refreshes and the other takes the saved tokens', async () => {
  const { results, tokenCalls, stored } = await twoWorkersRun(() => new RedisRefreshLock(world.client));

  expect(results.map((result) => result.status)).toEqual(['succeeded', 'succeeded']);
  expect(tokenCalls.map((call) => call.status)).toEqual([200]);
  expect(stored).toMatchObject({ accessToken: 'access_issued_1', refreshToken: 'refresh_issued_1' });
  const apiCalls = world.api.emulator.requests.filter((request) => request.path === '/api/me');
  expect(apiCalls.map((call) => [call.status, call.headers.authorization])).toEqual([
    [200, 'Bearer access_issued_1'],
    [200, 'Bearer access_issued_1'],
  ]);
  expect(await world.client.keys('toolsteps:refresh:*')).toEqual([]);
});

it('after a 401 on both workers, the second replays with the token the first saved', async () => {
  // No expiry known: each worker sends its token, the API refuses it, and each asks for a refresh.
  const account = expiredAccount({ expiresAt: undefined });
  const { results, tokenCalls, stored } = await twoWorkersRun(
    () => new RedisRefreshLock(world.client),
    account,
  );

  expect(results.map((result) => result.status)).toEqual(['succeeded', 'succeeded']);
  expect(tokenCalls.map((call) => call.status)).toEqual([200]);
  expect(stored).toMatchObject({ accessToken: 'access_issued_1', refreshToken: 'refresh_issued_1' });
  const apiCalls = world.api.emulator.requests.filter((request) => request.path === '/api/me');
  expect(apiCalls.map((call) => call.status).sort()).toEqual([200, 200, 401, 401]);
});

it('without the lock, both workers spend the same refresh token and one is refused', async () => {
  const { results, tokenCalls } = await twoWorkersRun(undefined);

  expect(tokenCalls.map((call) => call.status).sort()).toEqual([200, 400]);
  expect(tokenCalls.map((call) => call.body)).toEqual([
    expect.stringContaining('refresh_token=refresh_original'),
    expect.stringContaining('refresh_token=refresh_original'),
  ]);
  expect(results.map((result) => result.status).sort()).toEqual(['failed', 'succeeded']);
  const failed = results.find((result) => result.status === 'failed');
  expect(JSON.stringify(failed)).toContain('invalid_grant');
});
