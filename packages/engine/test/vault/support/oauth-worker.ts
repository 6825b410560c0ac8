// A worker process of its own: an engine over the accounts file (FileVault) and, when REDIS_URL is
// set, the Redis refresh lock every worker shares. On `go`, it runs one request of the demo API,
// whose token has expired, and prints the run's status and error as JSON.
import { Redis } from 'ioredis';
import { createEngine, defineIntegration, defineStep, Type } from '../../../src/index.js';
import { RedisRefreshLock } from '../../../src/queue/redis-refresh-lock.js';
import { FileVault } from '../../../src/vault/index.js';
import { waitForGo } from './child-process.js';

const api = String(process.env.TOKEN_API);
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
  auth: { kind: 'oauth2', tokenUrl: () => `${api}/oauth/token` },
  http: () => ({ baseUrl: `${api}/api` }),
  steps: [getMe],
});

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
const engine = await createEngine({
  integrations: [demo],
  vault: await FileVault.open(String(process.env.ACCOUNTS_FILE)),
  refreshLock: redis && new RedisRefreshLock(redis),
});
await waitForGo();
const result = await engine.run({
  text: JSON.stringify({ id: 'me', steps: [{ id: 'me', step: 'demo.get_me', args: {} }] }),
});
process.stdout.write(`${JSON.stringify({ status: result.status, error: result.error })}\n`);
redis?.disconnect();
process.exit(0);
