import { describe, expect, it } from '@jest/globals';
import { DEMO_OAUTH_CLIENT_ID, DEMO_OAUTH_CLIENT_SECRET } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import {
  BAD_VERIFICATION_CODE,
  CALLBACK,
  codeFor,
  errorOf,
  exchange,
  oauthPost,
  pkcePair,
  TOKEN_TROUBLES,
  whoAmI,
} from './oauth-kit.js';

const github = useGithubEmulator({ fakeClock: true });
const MINUTE = 60_000;
const REDIRECT_MISMATCH_URI =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#redirect-uri-mismatch2';

describe("the code exchange, as GitHub's", () => {
  it('answers form-encoded by default and JSON on request, reading form, JSON or query parameters', async () => {
    const { emulator } = github;
    const credentials = { client_id: DEMO_OAUTH_CLIENT_ID, client_secret: DEMO_OAUTH_CLIENT_SECRET };
    const form = await oauthPost(
      emulator,
      '/login/oauth/access_token',
      { ...credentials, code: await codeFor(emulator, { scope: 'repo' }), redirect_uri: CALLBACK },
      '*/*',
    );
    expect(form.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const fields = Object.fromEntries(new URLSearchParams(form.body as string));
    expect(Object.keys(fields)).toEqual(['access_token', 'scope', 'token_type']);
    expect(fields).toMatchObject({ scope: 'repo', token_type: 'bearer' });

    const json = await fetch(`${emulator.baseUrl}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/vnd.github+json' },
      body: JSON.stringify({ ...credentials, code: await codeFor(emulator), redirect_uri: CALLBACK }),
    });
    expect(((await json.json()) as { token_type: string }).token_type).toBe('bearer');

    const query = new URLSearchParams({
      ...credentials,
      code: await codeFor(emulator),
      redirect_uri: CALLBACK,
    });
    const byQuery = await fetch(`${emulator.baseUrl}/login/oauth/access_token?${query}`, {
      method: 'POST',
      headers: { accept: 'application/xml' },
    });
    // No scope asked: the one granted before (repo), as GitHub does.
    expect(await byQuery.text()).toMatch(
      /^<OAuth><access_token>gho_\w+<\/access_token><scope>repo<\/scope><token_type>bearer<\/token_type><\/OAuth>$/,
    );

    const broken = await fetch(`${emulator.baseUrl}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"code":',
    });
    expect([broken.status, await broken.json()]).toEqual([
      400,
      { error: 'invalid_request', error_description: 'Problems parsing JSON' },
    ]);
  });

  it('refuses wrong client credentials and leaves the code, single-use, to its client', async () => {
    const { emulator } = github;
    const code = await codeFor(emulator);
    for (const secret of ['not-the-secret', '']) {
      expect(errorOf(await exchange(emulator, { code, client_secret: secret }))).toEqual({
        error: 'incorrect_client_credentials',
        error_description: 'The client_id and/or client_secret passed are incorrect.',
        error_uri: `${TOKEN_TROUBLES}/#incorrect-client-credentials`,
      });
    }
    expect(emulator.oauthGrants()).toEqual([]);
    expect((await exchange(emulator, { code })).access_token).toBeDefined();
    expect(errorOf(await exchange(emulator, { code }))).toEqual(BAD_VERIFICATION_CODE);
  });

  it('answers a client it does not know with a 404', async () => {
    const answer = await oauthPost(github.emulator, '/login/oauth/access_token', {
      client_id: 'Ov23liNoSuchApp00000',
      client_secret: DEMO_OAUTH_CLIENT_SECRET,
      code: await codeFor(github.emulator),
    });
    expect([answer.status, answer.body]).toEqual([404, { error: 'Not Found' }]);
  });

  it('refuses unknown codes, and codes 10 minutes old by the emulator clock', async () => {
    const { emulator, clock } = github;
    expect(errorOf(await exchange(emulator, { code: '0123456789abcdef0123' }))).toEqual(
      BAD_VERIFICATION_CODE,
    );
    const fresh = await codeFor(emulator);
    const old = await codeFor(emulator);
    await clock.sleep(10 * MINUTE - 1);
    expect((await exchange(emulator, { code: fresh })).access_token).toBeDefined();
    await clock.sleep(1);
    expect(errorOf(await exchange(emulator, { code: old }))).toEqual(BAD_VERIFICATION_CODE);
  });

  it('refuses a redirect_uri other than the one authorized, and spends the code', async () => {
    const { emulator } = github;
    const code = await codeFor(emulator);
    // One no callback URL covers is refused before the code is looked at: the code stays.
    expect(
      errorOf(await exchange(emulator, { code, redirect_uri: 'https://evil.example/callback' })),
    ).toEqual({
      error: 'redirect_uri_mismatch',
      error_description: 'The redirect_uri MUST match the registered callback URL for this application.',
      error_uri: REDIRECT_MISMATCH_URI,
    });
    for (const other of ['http://127.0.0.1:53682/other', '']) {
      const fresh = other === '' ? await codeFor(emulator) : code;
      expect(errorOf(await exchange(emulator, { code: fresh, redirect_uri: other }))).toEqual({
        error: 'redirect_uri_mismatch',
        error_description: 'The redirect_uri MUST match the callback URL provided during authorization.',
        error_uri: REDIRECT_MISMATCH_URI,
      });
      expect(errorOf(await exchange(emulator, { code: fresh }))).toEqual(BAD_VERIFICATION_CODE);
    }
    // A code authorized without redirect_uri compares none at the exchange.
    const loose = await codeFor(emulator, { redirect_uri: '' });
    expect((await exchange(emulator, { code: loose, redirect_uri: '' })).access_token).toBeDefined();
    expect(emulator.oauthGrants().map((grant) => grant.tokens)).toEqual([1]);
  });

  it('refuses a missing or wrong PKCE verifier, and spends the code', async () => {
    const { emulator } = github;
    const { verifier, challenge } = pkcePair();
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const wrong: Array<Record<string, string>> = [
      {},
      { code_verifier: pkcePair().verifier },
      { code_verifier: challenge },
    ];
    for (const given of wrong) {
      const code = await codeFor(emulator, pkce);
      expect(errorOf(await exchange(emulator, { code, ...given }))).toEqual(BAD_VERIFICATION_CODE);
      expect(errorOf(await exchange(emulator, { code, code_verifier: verifier }))).toEqual(
        BAD_VERIFICATION_CODE,
      );
    }
    // A verifier for a code issued without a challenge is a downgrade: refused too.
    const plain = await codeFor(emulator);
    expect(errorOf(await exchange(emulator, { code: plain, code_verifier: verifier }))).toEqual(
      BAD_VERIFICATION_CODE,
    );
    expect(emulator.oauthGrants()).toEqual([]);

    const code = await codeFor(emulator, pkce);
    const token = (await exchange(emulator, { code, code_verifier: verifier })).access_token as string;
    expect((await whoAmI(emulator, token)).body.login).toBe('octocat');
  });

  it('refuses grant types it does not take, and a device code without its grant type', async () => {
    const { emulator } = github;
    const code = await codeFor(emulator);
    const unsupported: Array<Record<string, string>> = [
      { grant_type: 'password', code },
      { device_code: 'a'.repeat(40) },
    ];
    for (const params of unsupported) {
      expect(errorOf(await exchange(emulator, params))).toMatchObject({ error: 'unsupported_grant_type' });
    }
    expect(
      errorOf(await exchange(emulator, { grant_type: 'refresh_token', refresh_token: 'ghr_x' })),
    ).toMatchObject({ error: 'bad_refresh_token' });
    expect((await exchange(emulator, { grant_type: 'authorization_code', code })).access_token).toBeDefined();
  });
});
