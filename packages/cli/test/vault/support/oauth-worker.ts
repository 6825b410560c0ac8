// A worker process of its own: an engine over the accounts file (FileVault) and, when REDIS_URL is
// set, the Redis refresh lock every worker shares. On `go`, it runs one request of the demo API,
// whose token has expired, and prints the run's status and error as JSON.

import { createEngine, FileVault } from '@toolsteps/engine';
import { RedisRefreshLock } from '@toolsteps/redis';
import { Redis } from 'ioredis';
import { demoIntegration, GET_ME } from '../../../../engine/test/auth/support/demo-integration.js';
import { waitForGo } from './child-process.js';

const api = String(process.env.TOKEN_API);

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
const engine = await createEngine({
  integrations: [demoIntegration(() => api)],
  vault: await FileVault.open(String(process.env.ACCOUNTS_FILE)),
  refreshLock: redis && new RedisRefreshLock(redis),
});
await waitForGo();
const result = await engine.run(GET_ME);
process.stdout.write(`${JSON.stringify({ status: result.status, error: result.error })}\n`);
redis?.disconnect();
process.exit(0);
