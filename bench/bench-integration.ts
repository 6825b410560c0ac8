import {
  type ConnectedAccount,
  defineIntegration,
  defineStep,
  type Integration,
  type RateLimitSpec,
  Type,
} from '@toolsteps/engine';

/** Does no I/O: whatever the engine spends around it is engine overhead. */
const pass = defineStep({
  id: 'bench.pass',
  title: 'Pass',
  description: 'Returns its input unchanged.',
  effect: 'read',
  input: Type.Object({ ids: Type.Array(Type.String()) }),
  output: Type.Object({ ids: Type.Array(Type.String()) }),
  run: async (input) => input,
});

const item = Type.Object({ id: Type.String(), name: Type.String(), value: Type.Number() });

/** One GET through the engine's HTTP client, as a real read step makes it. */
const get = defineStep({
  id: 'bench.get',
  title: 'Get item',
  description: 'Reads one item from the bench API.',
  effect: 'read',
  input: Type.Object({ id: Type.String() }),
  output: item,
  run: async ({ id }, ctx) => {
    const response = await ctx.http.get<{ id: string; name: string; value: number }>(
      `/items/${encodeURIComponent(id)}`,
    );
    return response.body;
  },
});

const rateLimit = Type.Object({
  concurrency: Type.Optional(Type.Integer({ minimum: 1 })),
  intervalCap: Type.Optional(Type.Integer({ minimum: 1 })),
  intervalMs: Type.Optional(Type.Integer({ minimum: 1 })),
});

/**
 * The bench API's base URL comes from the account, so one integration serves every emulator. No
 * rateLimit unless the account sets one: a fan-out of 16 must not be capped below 16 by the client.
 */
export const benchIntegration: Integration = defineIntegration({
  id: 'bench',
  title: 'Bench',
  status: 'beta',
  connection: Type.Object({ baseUrl: Type.String(), rateLimit: Type.Optional(rateLimit) }),
  auth: { kind: 'token' },
  http: (account) => ({
    baseUrl: String(account.settings.baseUrl),
    ...(account.settings.rateLimit ? { rateLimit: account.settings.rateLimit as RateLimitSpec } : {}),
  }),
  steps: [pass, get],
});

export function benchAccount(baseUrl = 'http://127.0.0.1:9'): ConnectedAccount {
  return {
    id: 'bench-main',
    integration: 'bench',
    name: 'Main',
    settings: { baseUrl },
    credentials: { token: 'bench-token-0123456789abcdef' },
  };
}

/** A second bench account whose binding limits its requests, for checks that limits hold. */
export function limitedBenchAccount(baseUrl: string, limits: RateLimitSpec): ConnectedAccount {
  return {
    id: 'bench-limited',
    integration: 'bench',
    name: 'Limited',
    settings: { baseUrl, rateLimit: limits },
    credentials: { token: 'bench-token-limited-0123456789' },
  };
}

/** A workflow of `steps` bench.pass steps with literal args: the tool-step path, and no I/O of its own. */
export function passSteps(steps: number) {
  return {
    id: `pass-${steps}`,
    steps: Array.from({ length: steps }, (_, index) => ({
      id: `p${index + 1}`,
      step: 'bench.pass',
      args: { ids: ['a'] },
    })),
    output: `{% $steps.p${steps}.result.ids[0] %}`,
  };
}
