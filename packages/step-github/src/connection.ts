import { type ConnectedAccount, StepError, Type } from '@toolsteps/sdk';

export const GITHUB_API = 'https://api.github.com';
const DEFAULT_RATE_LIMIT_WAIT_S = 60;
/** GitHub: "wait at least one second between each" POST, PATCH, PUT or DELETE of one user. */
const DEFAULT_WRITE_INTERVAL_MS = 1_000;
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const GithubConnection = Type.Object({
  baseUrl: Type.Optional(
    Type.String({
      format: 'uri',
      description: 'API root; default https://api.github.com (GitHub Enterprise Server: https://HOST/api/v3)',
    }),
  ),
  login: Type.Optional(Type.String({ description: 'The login the token belongs to' })),
  maxRateLimitWaitS: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      description:
        'Longest wait for a rate limit to reset before a step fails rate_limited; default 60 seconds',
    }),
  ),
  minWriteIntervalMs: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'Least time between two mutating requests of this account, as GitHub asks; default 1000 ms (0: none, for an emulator)',
    }),
  ),
});

/**
 * The REST root of an account, without a trailing slash. Plain http is refused except on loopback
 * (an emulator): the token would otherwise cross the network unencrypted.
 */
export function githubBaseUrl(account: Pick<ConnectedAccount, 'settings'>): string {
  const configured = account.settings.baseUrl;
  const base = (typeof configured === 'string' && configured !== '' ? configured : GITHUB_API).replace(
    /\/+$/,
    '',
  );
  if (URL.canParse(base)) {
    const url = new URL(base);
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new StepError({
        code: 'validation',
        message: `The GitHub account's baseUrl ${url.origin} uses plain http: use https, so the token is not sent unencrypted (http is allowed only on loopback, for an emulator)`,
      });
    }
  }
  return base;
}

export function writeIntervalMs(account: Pick<ConnectedAccount, 'settings'>): number {
  const interval = account.settings.minWriteIntervalMs;
  return typeof interval === 'number' && Number.isInteger(interval) && interval >= 0
    ? interval
    : DEFAULT_WRITE_INTERVAL_MS;
}

/**
 * Where GraphQL lives, as a root the request path `graphql` goes under: `https://api.github.com/graphql`
 * beside the REST root, and `https://HOST/api/graphql` for a GitHub Enterprise Server at `/api/v3`.
 */
export function githubGraphqlRoot(account: Pick<ConnectedAccount, 'settings'>): string {
  const rest = githubBaseUrl(account);
  return rest.endsWith('/api/v3') ? rest.slice(0, -'/v3'.length) : rest;
}

export function rateLimitWaitMs(account: ConnectedAccount): number {
  const seconds = account.settings.maxRateLimitWaitS;
  return (typeof seconds === 'number' && seconds > 0 ? seconds : DEFAULT_RATE_LIMIT_WAIT_S) * 1000;
}
