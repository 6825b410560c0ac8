import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  DEMO_OAUTH_CLIENT_ID,
  DEMO_OAUTH_CLIENT_SECRET,
  DEMO_TOKEN,
  type GithubEmulator,
} from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { tokenFor, whoAmI } from './oauth-kit.js';

const github = useGithubEmulator();
const APP = `/applications/${DEMO_OAUTH_CLIENT_ID}`;
const BASIC = `Basic ${Buffer.from(`${DEMO_OAUTH_CLIENT_ID}:${DEMO_OAUTH_CLIENT_SECRET}`).toString('base64')}`;

/** A request of the app about a token, signed with its client credentials (or the authorization given, or none). */
async function appCall(
  emulator: GithubEmulator,
  method: 'POST' | 'DELETE',
  path: string,
  body: unknown,
  authorization: string | null = BASIC,
) {
  const answer = await fetch(`${emulator.baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      'content-type': 'application/json',
      ...(authorization === null ? {} : { authorization }),
    },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('an OAuth app revoking and checking its tokens, as on GitHub', () => {
  it('checks a live token', async () => {
    const { emulator } = github;
    const token = await tokenFor(emulator, { scope: 'repo user' });
    const checked = await appCall(emulator, 'POST', `${APP}/token`, { access_token: token });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({
      token,
      scopes: ['repo', 'user'],
      token_last_eight: token.slice(-8),
      hashed_token: createHash('sha256').update(token).digest('hex'),
      app: { client_id: DEMO_OAUTH_CLIENT_ID },
      user: { login: 'octocat' },
      expires_at: null,
    });
  });

  it('revokes one token: it gets 401 from then on, the grant and its other tokens stay', async () => {
    const { emulator } = github;
    const revoked = await tokenFor(emulator);
    const kept = await tokenFor(emulator);
    expect((await appCall(emulator, 'DELETE', `${APP}/token`, { access_token: revoked })).status).toBe(204);
    expect((await whoAmI(emulator, revoked)).status).toBe(401);
    expect((await whoAmI(emulator, kept)).status).toBe(200);
    expect((await appCall(emulator, 'POST', `${APP}/token`, { access_token: revoked })).status).toBe(404);
    expect((await appCall(emulator, 'DELETE', `${APP}/token`, { access_token: revoked })).status).toBe(404);
    expect(emulator.oauthGrants().map((grant) => grant.tokens)).toEqual([1]);
  });

  it("revokes the grant: every token of the user's authorization stops working", async () => {
    const { emulator } = github;
    const first = await tokenFor(emulator);
    const second = await tokenFor(emulator);
    const hubots = await tokenFor(emulator, { login: 'hubot' });
    const answer = await appCall(emulator, 'DELETE', `/api/v3${APP}/grant`, { access_token: first });
    expect(answer).toEqual({ status: 204, body: undefined });
    for (const token of [first, second]) expect((await whoAmI(emulator, token)).status).toBe(401);
    expect((await whoAmI(emulator, hubots)).body.login).toBe('hubot');
    expect(emulator.oauthGrants().map((grant) => grant.login)).toEqual(['hubot']);
    expect((await appCall(emulator, 'DELETE', `${APP}/grant`, { access_token: second })).status).toBe(404);
  });

  it('refuses calls without the client credentials, about unknown tokens, or naming none, and changes nothing', async () => {
    const { emulator } = github;
    const token = await tokenFor(emulator);
    const wrongSecret = `Basic ${Buffer.from(`${DEMO_OAUTH_CLIENT_ID}:not-the-secret`).toString('base64')}`;
    const cases: Array<[string, 'POST' | 'DELETE', string, unknown, string | null, number, unknown]> = [
      [
        'no credentials',
        'DELETE',
        `${APP}/grant`,
        { access_token: token },
        null,
        401,
        'Requires authentication',
      ],
      [
        'a wrong secret',
        'DELETE',
        `${APP}/grant`,
        { access_token: token },
        wrongSecret,
        401,
        'Bad credentials',
      ],
      [
        'a user token',
        'DELETE',
        `${APP}/token`,
        { access_token: token },
        `Bearer ${token}`,
        401,
        'Requires authentication',
      ],
      [
        'another app',
        'DELETE',
        '/applications/Ov23liNoSuchApp00000/token',
        { access_token: token },
        BASIC,
        404,
        'Not Found',
      ],
      ['an unknown token', 'POST', `${APP}/token`, { access_token: 'gho_unknown' }, BASIC, 404, 'Not Found'],
      // A token of no OAuth app (a demo one) is not the app's to revoke.
      ['a demo token', 'DELETE', `${APP}/token`, { access_token: DEMO_TOKEN }, BASIC, 404, 'Not Found'],
      [
        'no token',
        'DELETE',
        `${APP}/token`,
        {},
        BASIC,
        422,
        'Invalid request.\n\n"access_token" wasn\'t supplied.',
      ],
      [
        'a number',
        'DELETE',
        `${APP}/token`,
        { access_token: 42 },
        BASIC,
        422,
        expect.stringContaining('is not a string'),
      ],
    ];
    for (const [why, method, path, body, authorization, status, message] of cases) {
      const answer = await appCall(emulator, method, path, body, authorization);
      expect([why, answer.status, answer.body.message]).toEqual([why, status, message]);
    }
    expect((await whoAmI(emulator, token)).status).toBe(200);
    expect((await whoAmI(emulator, DEMO_TOKEN)).status).toBe(200);
  });

  it('forgets tokens revoked by the emulator control too', async () => {
    const { emulator } = github;
    const token = await tokenFor(emulator);
    emulator.revokeToken(token);
    expect((await appCall(emulator, 'POST', `${APP}/token`, { access_token: token })).status).toBe(404);
    expect(emulator.oauthGrants()).toEqual([
      { clientId: DEMO_OAUTH_CLIENT_ID, login: 'octocat', scopes: [], tokens: 0 },
    ]);
  });
});
