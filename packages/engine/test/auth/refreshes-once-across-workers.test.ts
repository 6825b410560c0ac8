import { afterAll, beforeAll, beforeEach, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { createEngine } from '../../src/container/create-engine.js';
import { defineIntegration } from '../../src/contracts/integration.js';
import type { RefreshLock } from '../../src/contracts/refresh-lock.js';
import { defineStep } from '../../src/contracts/step.js';
import { Type } from '../../src/index.js';
import { RedisRefreshLock } from '../../src/queue/redis-refresh-lock.js';
import { createEmulator, type Emulator } from '../../src/testing/emulator.js';
import { type RedisServer, startRedisServer } from '../../src/testing/redis-server.js';
import { MemoryVault } from '../../src/vault/memory-vault.js';

jest.setTimeout(60_000);

const CLIENT = { clientId: 'client-demo', clientSecret: 'client_secret_9f8e7d' };
/** How long the token endpoint holds a lone request: both workers read the vault before either saves. */
const TOKEN_HOLD_MS = 300;

let emulator: Emulator;
let redis: RedisServer;
let client: Redis;
let valid: Set<string>;
let refreshable: Set<string>;
let issued: number;
let waiting: Array<() => void>;

beforeAll(async () => {
  redis = await startRedisServer();
  client = new Redis(redis.port, '127.0.0.1');
  emulator = await createEmulator({
    authorize: (request) =>
      request.path === '/oauth/token' ||
      valid.has((request.headers.authorization ?? '').replace(/^Bearer /, '')),
    routes: (app) => {
      app.get('/api/me', (c) => c.json({ login: 'octo' }));
      app.post('/oauth/token', async (c) => {
        const form = await c.req.parseBody();
        // Two token requests at once are answered together; a lone one after a short hold.
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length >= 2) for (const release of waiting.splice(0)) release();
          else
            setTimeout(() => {
              waiting = waiting.filter((release) => release !== resolve);
              resolve();
            }, TOKEN_HOLD_MS);
        });
        const spent = String(form.refresh_token);
        if (!refreshable.has(spent))
          return c.json(
            { error: 'invalid_grant', error_description: 'The refresh token was already used' },
            400,
          );
        // Rotating refresh tokens: each one works once.
        refreshable.delete(spent);
        issued += 1;
        valid = new Set([`access_issued_${issued}`]);
        refreshable.add(`refresh_issued_${issued}`);
        return c.json({
          access_token: `access_issued_${issued}`,
          refresh_token: `refresh_issued_${issued}`,
          token_type: 'bearer',
          expires_in: 3600,
        });
      });
    },
  });
});
beforeEach(async () => {
  valid = new Set();
  refreshable = new Set(['refresh_original']);
  issued = 0;
  waiting = [];
  emulator.reset();
  await client.flushall();
});
afterAll(async () => {
  client?.disconnect();
  await emulator?.close();
  await redis?.stop();
});

const getMe = defineStep({
  id: 'demo.get_me',
  title: 'Get Me',
  description: 'Reads the signed-in user.',
  effect: 'read',
  input: Type.Object({}),
  output: Type.Object({ login: Type.String() }),
  run: async (_input, ctx) => (await ctx.http.request<{ login: string }>({ method: 'GET', path: 'me' })).body,
});
const demo = defineIntegration({
  id: 'demo',
  title: 'Demo',
  description: 'An OAuth API whose refresh tokens rotate.',
  status: 'stable',
  connection: Type.Object({}),
  auth: { kind: 'oauth2', tokenUrl: () => `${emulator.baseUrl}/oauth/token` },
  http: () => ({ baseUrl: `${emulator.baseUrl}/api` }),
  steps: [getMe],
});

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

const GET_ME = { text: JSON.stringify({ id: 'me', steps: [{ id: 'me', step: 'demo.get_me', args: {} }] }) };

/** Two workers (engines) sharing one vault, each with its own lock object over the same Redis. */
async function twoWorkersRun(lock: (() => RefreshLock) | undefined, account = expiredAccount()) {
  const vault = new MemoryVault([account]);
  const engines = await Promise.all(
    [1, 2].map(() => createEngine({ integrations: [demo], vault, refreshLock: lock?.() })),
  );
  const results = await Promise.all(engines.map((engine) => engine.run(GET_ME)));
  const tokenCalls = emulator.requests.filter((request) => request.path === '/oauth/token');
  return { results, tokenCalls, stored: (await vault.get({ id: 'acct-1' })).credentials };
}

it('with a shared lock, one worker refreshes and the other takes the saved tokens', async () => {
  const { results, tokenCalls, stored } = await twoWorkersRun(() => new RedisRefreshLock(client));

  expect(results.map((result) => result.status)).toEqual(['succeeded', 'succeeded']);
  expect(tokenCalls.map((call) => call.status)).toEqual([200]);
  expect(stored).toMatchObject({ accessToken: 'access_issued_1', refreshToken: 'refresh_issued_1' });
  const apiCalls = emulator.requests.filter((request) => request.path === '/api/me');
  expect(apiCalls.map((call) => [call.status, call.headers.authorization])).toEqual([
    [200, 'Bearer access_issued_1'],
    [200, 'Bearer access_issued_1'],
  ]);
  expect(await client.keys('toolsteps:refresh:*')).toEqual([]);
});

it('after a 401 on both workers, the second replays with the token the first saved', async () => {
  // No expiry known: each worker sends its token, the API refuses it, and each asks for a refresh.
  const account = expiredAccount({ expiresAt: undefined });
  const { results, tokenCalls, stored } = await twoWorkersRun(() => new RedisRefreshLock(client), account);

  expect(results.map((result) => result.status)).toEqual(['succeeded', 'succeeded']);
  expect(tokenCalls.map((call) => call.status)).toEqual([200]);
  expect(stored).toMatchObject({ accessToken: 'access_issued_1', refreshToken: 'refresh_issued_1' });
  const apiCalls = emulator.requests.filter((request) => request.path === '/api/me');
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
