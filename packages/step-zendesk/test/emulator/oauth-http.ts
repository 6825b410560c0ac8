import { createHash, randomBytes } from 'node:crypto';
import { DEMO_CLIENT, type ZendeskEmulator } from '../../src/testing/index.js';

/** A CLI's callback on a free loopback port, which the demo client accepts on any port. */
export const CALLBACK = 'http://127.0.0.1:53682/callback';

/** A PKCE pair made as a client makes it (RFC 7636 §4.1-4.2), independently of the emulator's code. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What a browser sent to the authorization page sees, the redirect not followed. */
export interface AuthorizationAnswer {
  status: number;
  /** Where the redirect sends the user; undefined when a page answers instead. */
  location?: URL;
  contentType: string;
  text: string;
}

/** The parameters of a good authorization request (PKCE, `read write`, a state), with changes; `undefined` drops one. */
export function authorizationParams(
  challenge: string,
  changes: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    response_type: 'code',
    client_id: DEMO_CLIENT.clientId,
    redirect_uri: CALLBACK,
    scope: 'read write',
    state: 'st-4f1c',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...changes,
  };
}

export async function authorize(
  emulator: ZendeskEmulator,
  params: Record<string, string | undefined>,
): Promise<AuthorizationAnswer> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.append(key, value);
  const response = await fetch(`${emulator.baseUrl}/oauth/authorizations/new?${query}`, {
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  return {
    status: response.status,
    location: location === null ? undefined : new URL(location),
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** A code the authorization page gave Marco (or the `login` given), with the verifier that proves it. */
export async function codeFor(
  emulator: ZendeskEmulator,
  changes: Record<string, string | undefined> = {},
): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const answer = await authorize(emulator, authorizationParams(challenge, changes));
  const code = answer.location?.searchParams.get('code');
  if (answer.status !== 302 || !code) throw new Error(`no code: ${answer.status} ${answer.text}`);
  return { code, verifier };
}

/** The parameters of a good exchange of `code`, with changes; `undefined` drops one. */
export function exchangeParams(
  code: string,
  verifier: string,
  changes: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    grant_type: 'authorization_code',
    code,
    client_id: DEMO_CLIENT.clientId,
    client_secret: DEMO_CLIENT.clientSecret,
    redirect_uri: CALLBACK,
    scope: 'read write',
    code_verifier: verifier,
    ...changes,
  };
}

export interface TokenAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** `POST /oauth/tokens`, form-encoded unless `json`; `basic` sends client credentials as HTTP Basic. */
export async function tokenRequest(
  emulator: ZendeskEmulator,
  params: Record<string, string | undefined>,
  options: { json?: boolean; basic?: [string, string] } = {},
): Promise<TokenAnswer> {
  const defined = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const headers: Record<string, string> = {
    'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
  };
  if (options.basic)
    headers.authorization = `Basic ${Buffer.from(options.basic.join(':')).toString('base64')}`;
  const response = await fetch(`${emulator.baseUrl}/oauth/tokens`, {
    method: 'POST',
    headers,
    body: options.json ? JSON.stringify(defined) : new URLSearchParams(defined).toString(),
    redirect: 'manual',
  });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, headers: response.headers, body };
}

/** A request to the API signed with an access token. */
export function signedWith(
  emulator: ZendeskEmulator,
  accessToken: string,
  path: string,
  method = 'GET',
): Promise<Response> {
  return fetch(`${emulator.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    redirect: 'manual',
  });
}
