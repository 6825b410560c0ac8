import { describe, expect, it } from '@jest/globals';
import { DEMO_CLIENT } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import {
  authorizationParams,
  authorize,
  codeFor,
  exchangeParams,
  signedWith,
  type TokenAnswer,
  tokenRequest,
} from './oauth-http.js';

const INVALID_GRANT =
  'The provided access grant is invalid, expired, or revoked (e.g. invalid assertion, expired authorization token, bad end-user password credentials, or mismatching authorization code and redirection URI).';
const INVALID_CLIENT =
  'The client identifier provided is invalid, the client failed to authenticate, the client did not include its credentials, provided multiple client credentials, or used unsupported credentials type.';

/**
 * Refusals of `POST /oauth/tokens` for `grant_type=authorization_code`, in the shapes Zendesk answers
 * (rack-oauth2's): 401 `invalid_client` with `WWW-Authenticate`, 400 for the rest. A refused exchange
 * grants no token, and the code it presented is spent: the right request afterwards is refused too.
 */
describe('the token endpoint refuses a code exchange', () => {
  const zd = useZendeskEmulator();
  const tokenCount = () => zd.emulator.state.accessTokens.size;

  /** Sends a refused exchange of a fresh code; checks no token came of it and the code is spent. */
  const refusedExchange = async (
    changes: Record<string, string | undefined>,
    options: Parameters<typeof tokenRequest>[2] = {},
  ): Promise<TokenAnswer> => {
    const { code, verifier } = await codeFor(zd.emulator);
    const before = tokenCount();
    const refused = await tokenRequest(zd.emulator, exchangeParams(code, verifier, changes), options);
    expect(refused.body.access_token).toBeUndefined();
    expect(tokenCount()).toBe(before);
    const retried = await tokenRequest(zd.emulator, exchangeParams(code, verifier));
    expect([retried.status, retried.body.error]).toEqual([400, 'invalid_grant']);
    expect(tokenCount()).toBe(before);
    return refused;
  };

  it('invalid_client (401) for a wrong secret or an unknown client', async () => {
    for (const changes of [{ client_secret: 'not-the-secret' }, { client_id: 'someone-else' }]) {
      const refused = await refusedExchange(changes);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: 'invalid_client', error_description: INVALID_CLIENT });
      expect(refused.headers.get('www-authenticate')).toBe('Basic realm="OAuth2 Token Endpoint"');
    }
    const basic = await refusedExchange(
      { client_id: undefined, client_secret: undefined },
      { basic: [DEMO_CLIENT.clientId, 'not-the-secret'] },
    );
    expect([basic.status, basic.body.error]).toEqual([401, 'invalid_client']);
  });

  it('invalid_request for no client_id, or two different clients named', async () => {
    const none = await refusedExchange({ client_id: undefined });
    expect([none.status, none.body]).toEqual([
      400,
      { error: 'invalid_request', error_description: "'client_id' required." },
    ]);
    const two = await tokenRequest(
      zd.emulator,
      exchangeParams('any-code', 'any-verifier', { client_id: 'someone-else' }),
      { basic: [DEMO_CLIENT.clientId, DEMO_CLIENT.clientSecret] },
    );
    expect([two.status, two.body.error_description]).toEqual([
      400,
      'Multiple client credentials are provided.',
    ]);
  });

  it('invalid_client for no secret when the code was issued without PKCE', async () => {
    const answer = await authorize(
      zd.emulator,
      authorizationParams('', { code_challenge: undefined, code_challenge_method: undefined }),
    );
    const code = answer.location?.searchParams.get('code') ?? '';
    const refused = await tokenRequest(
      zd.emulator,
      exchangeParams(code, '', { client_secret: undefined, code_verifier: undefined }),
    );
    expect([refused.status, refused.body.error]).toEqual([401, 'invalid_client']);
    const retried = await tokenRequest(zd.emulator, exchangeParams(code, '', { code_verifier: undefined }));
    expect(retried.body.error).toBe('invalid_grant');
  });

  it('invalid_grant for a code it never issued, and invalid_request for none', async () => {
    const unknown = await tokenRequest(zd.emulator, exchangeParams('not-a-code', 'v'.repeat(43)));
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { error: 'invalid_grant', error_description: INVALID_GRANT },
    ]);
    const none = await tokenRequest(zd.emulator, exchangeParams('', 'v'.repeat(43), { code: undefined }));
    expect([none.status, none.body.error_description]).toEqual([400, "'code' required."]);
  });

  it('invalid_grant for a code used already, and the tokens its first exchange granted are revoked', async () => {
    const { code, verifier } = await codeFor(zd.emulator);
    const first = await tokenRequest(zd.emulator, exchangeParams(code, verifier));
    expect(first.status).toBe(200);
    const replay = await tokenRequest(zd.emulator, exchangeParams(code, verifier));
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    expect((await signedWith(zd.emulator, String(first.body.access_token), '/api/v2/users/me')).status).toBe(
      401,
    );
    const refresh = await tokenRequest(zd.emulator, {
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
      ...{ client_id: DEMO_CLIENT.clientId, client_secret: DEMO_CLIENT.clientSecret },
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('invalid_grant for a code older than 120 seconds, by the emulator clock', async () => {
    const inTime = await codeFor(zd.emulator);
    const late = await codeFor(zd.emulator);
    await zd.clock.sleep(119_000);
    expect((await tokenRequest(zd.emulator, exchangeParams(inTime.code, inTime.verifier))).status).toBe(200);
    await zd.clock.sleep(1_000);
    const refused = await tokenRequest(zd.emulator, exchangeParams(late.code, late.verifier));
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('invalid_grant for a redirect_uri other than the authorization request’s, or none', async () => {
    for (const redirect of ['http://127.0.0.1:53682/other', undefined]) {
      const refused = await refusedExchange({ redirect_uri: redirect });
      expect([refused.status, refused.body.error]).toEqual([400, 'invalid_grant']);
    }
  });

  it('invalid_grant for a PKCE verifier missing, not matching, or sent for a code without a challenge', async () => {
    for (const verifier of [undefined, 'x'.repeat(43), 'short']) {
      const refused = await refusedExchange({ code_verifier: verifier });
      expect([refused.status, refused.body.error]).toEqual([400, 'invalid_grant']);
    }
    const answer = await authorize(
      zd.emulator,
      authorizationParams('', { code_challenge: undefined, code_challenge_method: undefined }),
    );
    const code = answer.location?.searchParams.get('code') ?? '';
    const refused = await tokenRequest(zd.emulator, exchangeParams(code, 'v'.repeat(43)));
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('invalid_scope for a scope the user did not approve', async () => {
    const refused = await refusedExchange({ scope: 'read write impersonate' });
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_scope']);
  });

  it('an unsupported or missing grant type', async () => {
    const password = await tokenRequest(zd.emulator, { grant_type: 'password', username: 'marco' });
    expect([password.status, password.body]).toEqual([
      400,
      {
        error: 'unsupported_grant_type',
        error_description: "'password' isn't supported.",
      },
    ]);
    const none = await tokenRequest(zd.emulator, { code: 'x' });
    expect([none.status, none.body.error_description]).toEqual([400, "'grant_type' required."]);
  });
});
