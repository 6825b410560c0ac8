import { describe, expect, it } from '@jest/globals';
import {
  createZendeskEmulator,
  DEMO_CLIENT,
  DEMO_USERS,
  startZendeskEmulator,
} from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import {
  authorizationParams,
  authorize,
  CALLBACK,
  codeFor,
  exchangeParams,
  pkcePair,
  signedWith,
  tokenRequest,
} from './oauth-http.js';

type Json = any;

/**
 * Zendesk's authorization code grant with PKCE, offline: the authorization page approves at once and
 * redirects with a code, `/oauth/tokens` exchanges it for tokens the API accepts for that user.
 */
describe('the authorization code flow', () => {
  const zd = useZendeskEmulator();

  it('approves as Marco, redirects with the code and state, and the code buys tokens the API accepts as him', async () => {
    const { verifier, challenge } = pkcePair();
    const answer = await authorize(zd.emulator, authorizationParams(challenge));
    expect(answer.status).toBe(302);
    expect(`${answer.location?.origin}${answer.location?.pathname}`).toBe(CALLBACK);
    expect(answer.location?.searchParams.get('state')).toBe('st-4f1c');
    expect(answer.location?.searchParams.has('error')).toBe(false);
    const code = answer.location?.searchParams.get('code') ?? '';
    expect(code.length).toBeGreaterThanOrEqual(32);

    const granted = await tokenRequest(zd.emulator, exchangeParams(code, verifier));
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      scope: 'read write',
      refresh_token: expect.any(String),
      expires_in: 3600,
      refresh_token_expires_in: 2_592_000,
    });
    const me: Json = await (
      await signedWith(zd.emulator, String(granted.body.access_token), '/api/v2/users/me.json')
    ).json();
    expect(me.user).toMatchObject({ id: DEMO_USERS.marco, role: 'agent' });
  });

  it('issues a fresh code each time, and the tokens refresh as any grant does', async () => {
    const first = await codeFor(zd.emulator);
    const second = await codeFor(zd.emulator);
    expect(second.code).not.toBe(first.code);
    const granted = await tokenRequest(zd.emulator, exchangeParams(first.code, first.verifier));
    const refreshed = await tokenRequest(zd.emulator, {
      grant_type: 'refresh_token',
      refresh_token: String(granted.body.refresh_token),
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: 'bearer', scope: 'read write' });
    // As Zendesk documents, a refresh invalidates the previous access and refresh tokens.
    expect(
      (await signedWith(zd.emulator, String(granted.body.access_token), '/api/v2/users/me')).status,
    ).toBe(401);
    expect(
      (await signedWith(zd.emulator, String(refreshed.body.access_token), '/api/v2/users/me')).status,
    ).toBe(200);
  });

  it('exchanges a JSON request with the client in HTTP Basic, or with the PKCE verifier and no secret', async () => {
    const basic = await codeFor(zd.emulator);
    const { client_id: _id, client_secret: _secret, ...rest } = exchangeParams(basic.code, basic.verifier);
    const withBasic = await tokenRequest(zd.emulator, rest, {
      json: true,
      basic: [DEMO_CLIENT.clientId, DEMO_CLIENT.clientSecret],
    });
    expect(withBasic.status).toBe(200);

    const pkceOnly = await codeFor(zd.emulator);
    const withVerifier = await tokenRequest(
      zd.emulator,
      exchangeParams(pkceOnly.code, pkceOnly.verifier, { client_secret: undefined }),
    );
    expect(withVerifier.status).toBe(200);
  });

  it('grants the scopes approved, and exchanges without PKCE when the client sends its secret', async () => {
    const answer = await authorize(
      zd.emulator,
      authorizationParams('', {
        scope: 'tickets:read users:read',
        code_challenge: undefined,
        code_challenge_method: undefined,
      }),
    );
    const code = answer.location?.searchParams.get('code') ?? '';
    const granted = await tokenRequest(
      zd.emulator,
      exchangeParams(code, '', { code_verifier: undefined, scope: 'tickets:read' }),
    );
    expect(granted.status).toBe(200);
    expect(granted.body.scope).toBe('tickets:read users:read');
  });

  it('signs in as the seeded user `login` names: an end user is authorized, and agent endpoints refuse the token', async () => {
    const { code, verifier } = await codeFor(zd.emulator, { login: 'jordan@brightside.example' });
    const granted = await tokenRequest(zd.emulator, exchangeParams(code, verifier));
    const token = String(granted.body.access_token);
    const me: Json = await (await signedWith(zd.emulator, token, '/api/v2/users/me.json')).json();
    expect(me.user).toMatchObject({ id: DEMO_USERS.jordan, role: 'end-user' });
    expect((await signedWith(zd.emulator, token, '/api/v2/tickets.json')).status).toBe(403);
  });

  it('sends the decision to localhost on any port, keeping the redirect URL’s own query', async () => {
    const { challenge } = pkcePair();
    const redirect = 'http://localhost:41999/oauth/done?session=7';
    const answer = await authorize(zd.emulator, authorizationParams(challenge, { redirect_uri: redirect }));
    expect(answer.status).toBe(302);
    expect(answer.location?.href.startsWith('http://localhost:41999/oauth/done?session=7&code=')).toBe(true);
  });
});

describe("the demo client's redirect URLs and its credentials", () => {
  it('accepts the URLs `oauthRedirectUrls` registers, exactly', async () => {
    const registered = 'https://connect.example/zendesk/callback';
    const emulator = await createZendeskEmulator({ oauthRedirectUrls: [registered] });
    try {
      const { challenge } = pkcePair();
      const accepted = await authorize(
        emulator,
        authorizationParams(challenge, { redirect_uri: registered }),
      );
      expect(accepted.location?.searchParams.has('code')).toBe(true);
      const other = await authorize(
        emulator,
        authorizationParams(challenge, { redirect_uri: `${registered}/elsewhere` }),
      );
      expect(other.status).toBe(400);
      expect(other.location).toBeUndefined();
    } finally {
      await emulator.close();
    }
  });

  it('refuses to register a URL Zendesk would not, saying why', async () => {
    await expect(createZendeskEmulator({ oauthRedirectUrls: ['http://connect.example/cb'] })).rejects.toThrow(
      'is neither https nor http on localhost or 127.0.0.1',
    );
    await expect(createZendeskEmulator({ oauthRedirectUrls: ['/relative/cb'] })).rejects.toThrow(
      'is not an absolute URL',
    );
  });

  it('names the demo client on the emulator and on the session the CLI starts', async () => {
    const session = await startZendeskEmulator();
    try {
      expect(session.oauthClient).toEqual({ ...DEMO_CLIENT, origins: [session.baseUrl] });
    } finally {
      await session.close();
    }
  });
});
