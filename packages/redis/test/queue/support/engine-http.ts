import {
  type ConnectedAccount,
  type Effect,
  type HttpResponse,
  type Integration,
  type RateLimitSpec,
  Type,
} from '@toolsteps/sdk';
import { createEngine } from '../../../../engine/src/container/create-engine.js';
import type { HttpClientFactory } from '../../../../engine/src/ports/services.js';
import type { SharedAccountLimits } from '../../../../engine/src/ports/shared-account-limits.js';
import { TOKENS } from '../../../../engine/src/ports/tokens.js';

export interface Send {
  path: string;
  account: string;
  effect?: Effect;
  signal?: AbortSignal;
}

/**
 * One engine as a worker process builds it (its own limiter queues, the limits it is given shared),
 * seen through the HTTP client its steps get: an integration named Demo with `rateLimit`, whose
 * accounts are any id asked for.
 */
export async function engineHttp(
  baseUrl: string,
  rateLimit: RateLimitSpec,
  limits: SharedAccountLimits = {},
): Promise<(send: Send) => Promise<HttpResponse>> {
  const integration: Integration = {
    id: 'demo',
    title: 'Demo',
    status: 'stable',
    connection: Type.Object({}),
    auth: { kind: 'token' },
    http: () => ({ baseUrl, rateLimit }),
    steps: [],
  };
  const engine = await createEngine({ integrations: [integration], ...limits });
  const factory = engine.container.get<HttpClientFactory>(TOKENS.HttpClientFactory);
  return ({ path, account, effect = 'read', signal = new AbortController().signal }) => {
    const client = factory.client({ integration, account: demoAccount(account), effect, signal });
    return effect === 'read' ? client.get(path) : client.request({ method: 'POST', path, json: {} });
  };
}

function demoAccount(id: string): ConnectedAccount {
  return { id, integration: 'demo', name: `Demo ${id}`, settings: {}, credentials: { token: `tok_${id}` } };
}
