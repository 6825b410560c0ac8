import { chmod } from 'node:fs/promises';
import { afterEach, expect, it, jest } from '@jest/globals';
import { accountsFile, type TempAccounts } from '../../../engine/test/vault/accounts-fixture.js';
import { useRotatingTokenWorld } from '../../../redis/test/auth/support/rotating-token-world.js';
import type { CliProcess } from '../support/cli-process.js';
import { startChild, startTogether } from './support/child-process.js';

// Children compile TypeScript with tsx on a slow shared box: generous, and never asserted on.
jest.setTimeout(180_000);

/** How long the token endpoint holds a lone request, so two refreshing at once meet there. */
const TOKEN_HOLD_MS = 1_000;

const world = useRotatingTokenWorld(TOKEN_HOLD_MS);
let file: TempAccounts | undefined;
let workers: CliProcess[] = [];

afterEach(async () => {
  for (const { child } of workers) child.kill('SIGKILL');
  await Promise.all(workers.map((worker) => worker.exited.catch(() => undefined)));
  workers = [];
  await file?.remove();
  file = undefined;
});

/** One account whose access token expired an hour ago: the first request of either worker refreshes it. */
async function expiredAccountFile(): Promise<TempAccounts> {
  file = await accountsFile({
    accounts: [
      {
        id: 'acct-1',
        integration: 'demo',
        name: 'Demo acct-1',
        credentials: {
          clientId: 'client-demo',
          clientSecret: 'client_secret_9f8e7d',
          accessToken: 'access_original',
          refreshToken: 'refresh_original',
          expiresAt: new Date(Date.now() - 3_600_000).toISOString(),
        },
      },
    ],
  });
  await chmod(file.path, 0o600);
  return file;
}

/** Two worker processes over the same accounts file, each running one request at the same moment. */
async function twoWorkerProcessesRun(withLock: boolean) {
  const current = await expiredAccountFile();
  workers = [1, 2].map(() =>
    startChild('oauth-worker.ts', {
      ACCOUNTS_FILE: current.path,
      TOKEN_API: world.api.emulator.baseUrl,
      REDIS_URL: withLock ? world.redis.url : undefined,
    }),
  );
  await startTogether(workers);
  const results = await Promise.all(
    workers.map(async (worker) => JSON.parse((await worker.waitFor(/^\{.*\}$/m))[0])),
  );
  await Promise.all(workers.map((worker) => worker.exited));
  const tokenCalls = world.api.emulator.requests.filter((request) => request.path === '/oauth/token');
  return { results, tokenCalls, current };
}

it('with the Redis refresh lock, one process refreshes, the other reads the saved tokens from the file', async () => {
  const { results, tokenCalls, current } = await twoWorkerProcessesRun(true);

  expect(results).toEqual([{ status: 'succeeded' }, { status: 'succeeded' }]);
  expect(tokenCalls.map((call) => call.status)).toEqual([200]);
  const apiCalls = world.api.emulator.requests.filter((request) => request.path === '/api/me');
  expect(apiCalls.map((call) => [call.status, call.headers.authorization])).toEqual([
    [200, 'Bearer access_issued_1'],
    [200, 'Bearer access_issued_1'],
  ]);
  const stored = (await current.json()).accounts[0].credentials;
  expect(stored).toMatchObject({ accessToken: 'access_issued_1', refreshToken: 'refresh_issued_1' });
  expect(Date.parse(stored.expiresAt)).toBeGreaterThan(Date.now());
  expect(await world.client.keys('toolsteps:refresh:*')).toEqual([]);
  expect(await current.files()).toEqual(['accounts.json']);
});

it('without it, both processes spend the same refresh token and one is refused', async () => {
  const { results, tokenCalls, current } = await twoWorkerProcessesRun(false);

  expect(tokenCalls.map((call) => call.status).sort()).toEqual([200, 400]);
  expect(tokenCalls.map((call) => call.body)).toEqual([
    expect.stringContaining('refresh_token=refresh_original'),
    expect.stringContaining('refresh_token=refresh_original'),
  ]);
  expect(results.map((result) => result.status).sort()).toEqual(['failed', 'succeeded']);
  expect(JSON.stringify(results)).toContain('invalid_grant');
  // The file still holds the winner's tokens: the loser's failure wrote nothing over them.
  expect((await current.json()).accounts[0].credentials).toMatchObject({
    accessToken: 'access_issued_1',
    refreshToken: 'refresh_issued_1',
  });
});
