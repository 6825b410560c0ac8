import type { GithubState } from '../github-state.js';

/**
 * The scopes a request asks for: GitHub documents a space-delimited list and accepts commas too;
 * repeats are dropped, the order kept.
 */
export function requestedScopes(scope: string | undefined): string[] {
  return [...new Set((scope ?? '').split(/[\s,]+/).filter((one) => one !== ''))];
}

/**
 * The headers GitHub adds to API answers for a request signed with an OAuth app's token: the token's
 * scopes (`X-OAuth-Scopes: repo, gist`) and the app's client id. None for other tokens.
 */
export function oauthTokenHeaders(
  state: GithubState,
  authorization: string | undefined,
): Record<string, string> {
  const token = /^(?:bearer|token)\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  const record = token === undefined ? undefined : state.oauth.tokens.find(token);
  if (record === undefined) return {};
  return { 'x-oauth-scopes': record.scopes.join(', '), 'x-oauth-client-id': record.clientId };
}
