import type { Context } from '@toolsteps/emulator';
import { GithubApiError } from './github-api-error.js';
import type { GithubCore } from './github-core.js';
import type { GithubAccount } from './github-model.js';

const callers = new WeakMap<Request, GithubAccount>();

/** The user a request's token belongs to: `Bearer` or `token` scheme, as GitHub accepts both. */
export function authenticate(state: GithubCore, authorization: string | undefined): GithubAccount {
  const match = /^(?:bearer|token)\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (match === null) throw new GithubApiError(401, 'Requires authentication');
  const login = state.tokens.get(match[1]);
  const account = login === undefined ? undefined : state.account(login);
  if (account === undefined) throw new GithubApiError(401, 'Bad credentials');
  return account;
}

export function rememberCaller(c: Context, caller: GithubAccount): void {
  callers.set(c.req.raw, caller);
}

export function isRemembered(c: Context): boolean {
  return callers.has(c.req.raw);
}

/** The authenticated user of a request that went through the API's middleware. */
export function callerOf(c: Context): GithubAccount {
  const caller = callers.get(c.req.raw);
  if (caller === undefined) throw new Error('callerOf: the request did not pass the GitHub API middleware');
  return caller;
}
