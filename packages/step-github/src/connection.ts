import { type ConnectedAccount, Type } from '@toolsteps/engine';

export const GITHUB_API = 'https://api.github.com';
const DEFAULT_RATE_LIMIT_WAIT_S = 60;

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
});

/** The REST root of an account, without a trailing slash. */
export function githubBaseUrl(account: Pick<ConnectedAccount, 'settings'>): string {
  const configured = account.settings.baseUrl;
  return (typeof configured === 'string' && configured !== '' ? configured : GITHUB_API).replace(/\/+$/, '');
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
