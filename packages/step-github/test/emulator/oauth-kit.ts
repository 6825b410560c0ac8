import { createHash, randomBytes } from 'node:crypto';
import { expect } from '@jest/globals';
import {
  DEMO_OAUTH_CLIENT_ID,
  DEMO_OAUTH_CLIENT_SECRET,
  type GithubEmulator,
} from '../../src/testing/index.js';
import { githubHttp, type HttpAnswer } from '../repositories/github-http.js';

/** Where a CLI on an ephemeral loopback port waits for the browser. */
export const CALLBACK = 'http://127.0.0.1:53682/callback';
export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** A PKCE verifier and its S256 challenge, as a client makes them. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A browser's visit to the authorization page (the demo app's client id unless given), not following redirects. */
export function authorize(emulator: GithubEmulator, params: Record<string, string> = {}): Promise<Response> {
  const query = new URLSearchParams({ client_id: DEMO_OAUTH_CLIENT_ID, redirect_uri: CALLBACK, ...params });
  return fetch(`${emulator.baseUrl}/login/oauth/authorize?${query}`, { redirect: 'manual' });
}

/** Where a 302 sends the browser, and the parameters it carries. */
export function redirectOf(answer: Response): { to: string; params: Record<string, string> } {
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location') ?? '');
  const params = Object.fromEntries(location.searchParams);
  location.search = '';
  return { to: location.href, params };
}

/** A code for octocat (or as the params say), approved at once. */
export async function codeFor(
  emulator: GithubEmulator,
  params: Record<string, string> = {},
): Promise<string> {
  const { params: back } = redirectOf(await authorize(emulator, params));
  expect(back.code).toMatch(/^[0-9a-f]{20}$/);
  return back.code;
}

/** A form-encoded POST to an OAuth endpoint of the emulator, answered as JSON unless `accept` says otherwise. */
export async function oauthPost(
  emulator: GithubEmulator,
  path: string,
  params: Record<string, string>,
  accept = 'application/json',
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> | string }> {
  const answer = await fetch(`${emulator.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    body: new URLSearchParams(params),
  });
  const text = await answer.text();
  const json = (answer.headers.get('content-type') ?? '').includes('json');
  return { status: answer.status, headers: answer.headers, body: json ? JSON.parse(text) : text };
}

/** The demo app exchanging a code (its credentials unless overridden), answered as JSON. */
export async function exchange(
  emulator: GithubEmulator,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const answer = await oauthPost(emulator, '/login/oauth/access_token', {
    client_id: DEMO_OAUTH_CLIENT_ID,
    client_secret: DEMO_OAUTH_CLIENT_SECRET,
    redirect_uri: CALLBACK,
    ...params,
  });
  // GitHub answers refusals 200 too, with an `error` field.
  expect(answer.status).toBe(200);
  return answer.body as Record<string, unknown>;
}

/** A token for octocat (or as the params say) through the whole web flow. */
export async function tokenFor(
  emulator: GithubEmulator,
  params: Record<string, string> = {},
): Promise<string> {
  const answer = await exchange(emulator, { code: await codeFor(emulator, params) });
  expect(answer.access_token).toMatch(/^gho_[A-Za-z0-9]{36}$/);
  return answer.access_token as string;
}

/** The authenticated user as the API answers for a token. */
export const whoAmI = (emulator: GithubEmulator, token: string): Promise<HttpAnswer> =>
  githubHttp(emulator, 'GET', '/user', { token });

/** The error fields of a token endpoint refusal, for comparing with GitHub's. */
export const errorOf = (answer: Record<string, unknown>) => ({
  error: answer.error,
  error_description: answer.error_description,
  error_uri: answer.error_uri,
});

export const TOKEN_TROUBLES =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';
export const BAD_VERIFICATION_CODE = {
  error: 'bad_verification_code',
  error_description: 'The code passed is incorrect or expired.',
  error_uri: `${TOKEN_TROUBLES}/#bad-verification-code`,
};
