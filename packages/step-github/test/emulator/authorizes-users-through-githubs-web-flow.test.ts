import { describe, expect, it } from '@jest/globals';
import {
  createGithubEmulator,
  DEMO_OAUTH_CLIENT_ID,
  DEMO_OAUTH_CLIENT_SECRET,
  DEMO_TOKEN,
  startGithubEmulator,
} from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';
import {
  authorize,
  BAD_VERIFICATION_CODE,
  CALLBACK,
  codeFor,
  errorOf,
  exchange,
  pkcePair,
  redirectOf,
  tokenFor,
  whoAmI,
} from './oauth-kit.js';

const github = useGithubEmulator();

describe("the web flow, as GitHub's", () => {
  it('sends the browser back with a code and the state, which buys one token the API takes', async () => {
    const { emulator } = github;
    const { verifier, challenge } = pkcePair();
    const answer = await authorize(emulator, {
      scope: 'repo gist',
      state: 'xyz-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      allow_signup: 'false',
      prompt: 'select_account',
    });
    const { to, params } = redirectOf(answer);
    expect(to).toBe(CALLBACK);
    expect(Object.keys(params).sort()).toEqual(['code', 'state']);
    expect(params.state).toBe('xyz-123');

    const granted = await exchange(emulator, { code: params.code, code_verifier: verifier });
    expect(granted).toEqual({
      access_token: expect.stringMatching(/^gho_/),
      scope: 'repo,gist',
      token_type: 'bearer',
    });
    const token = granted.access_token as string;

    const user = await whoAmI(emulator, token);
    expect(user.status).toBe(200);
    expect(user.body.login).toBe('octocat');
    expect(user.headers.get('x-oauth-scopes')).toBe('repo, gist');
    expect(user.headers.get('x-oauth-client-id')).toBe(DEMO_OAUTH_CLIENT_ID);
    // The same token addresses the Enterprise Server root; a demo token carries no OAuth scopes.
    expect((await githubHttp(emulator, 'GET', '/api/v3/user', { token })).body.login).toBe('octocat');
    expect((await whoAmI(emulator, DEMO_TOKEN)).headers.get('x-oauth-scopes')).toBeNull();

    const again = await exchange(emulator, { code: params.code, code_verifier: verifier });
    expect(errorOf(again)).toEqual(BAD_VERIFICATION_CODE);
    expect(again.access_token).toBeUndefined();
    expect(emulator.oauthGrants()).toEqual([
      { clientId: DEMO_OAUTH_CLIENT_ID, login: 'octocat', scopes: ['repo', 'gist'], tokens: 1 },
    ]);
  });

  it("signs in as the seeded user GitHub's login hint names", async () => {
    const { emulator } = github;
    const token = await tokenFor(emulator, { login: 'hubot', scope: 'read:user' });
    expect((await whoAmI(emulator, token)).body.login).toBe('hubot');
  });

  it('answers as a user who clicks Cancel with decision=deny', async () => {
    const { emulator } = github;
    const { to, params } = redirectOf(await authorize(emulator, { state: 's1', decision: 'deny' }));
    expect(to).toBe(CALLBACK);
    expect(params).toEqual({
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      error_uri:
        'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied',
      state: 's1',
    });
    expect(emulator.oauthGrants()).toEqual([]);
  });

  it('grants the scopes already granted when the request names none, as GitHub does', async () => {
    const { emulator } = github;
    await tokenFor(emulator, { scope: 'repo' });
    await tokenFor(emulator, { scope: 'user' });
    const answer = await exchange(emulator, { code: await codeFor(emulator) });
    expect(answer.scope).toBe('repo,user');
    // Mona granted the app nothing: no scope at all.
    expect((await exchange(emulator, { code: await codeFor(emulator, { login: 'mona' }) })).scope).toBe('');
  });

  it('takes a loopback redirect_uri on any port and path, and callback URLs given as options', async () => {
    expect((await authorize(github.emulator, { redirect_uri: 'http://localhost:9/x/y' })).status).toBe(302);
    expect((await authorize(github.emulator, { redirect_uri: 'http://[::1]:4000/' })).status).toBe(302);

    const emulator = await createGithubEmulator({ oauthCallbackUrls: ['https://app.example/oauth'] });
    try {
      expect(redirectOf(await authorize(emulator, { redirect_uri: '' })).to).toBe(
        'https://app.example/oauth',
      );
      for (const good of ['https://app.example/oauth/done', 'https://login.app.example/oauth']) {
        expect(redirectOf(await authorize(emulator, { redirect_uri: good })).to).toBe(good);
      }
      for (const bad of [
        'https://app.example/other',
        'https://app.example/oauthx',
        'https://app.example:8443/oauth',
        'http://app.example/oauth',
        'https://app.example.evil.test/oauth',
      ]) {
        const answer = await authorize(emulator, { redirect_uri: bad });
        expect([bad, answer.status, answer.headers.get('location')]).toEqual([bad, 200, null]);
      }
    } finally {
      await emulator.close();
    }
    await expect(createGithubEmulator({ oauthCallbackUrls: ['/callback'] })).rejects.toThrow(
      'oauthCallbackUrls: "/callback" is not an absolute URL',
    );
  });

  it('refuses what GitHub refuses before asking the user, and issues no code', async () => {
    const { emulator } = github;
    const unknownClient = await authorize(emulator, { client_id: 'Ov23liNoSuchApp00000' });
    expect([unknownClient.status, unknownClient.headers.get('location')]).toEqual([404, null]);

    const elsewhere = await authorize(emulator, {
      redirect_uri: 'https://evil.example/callback',
      state: 's',
    });
    expect([elsewhere.status, elsewhere.headers.get('location')]).toEqual([200, null]);
    expect(await elsewhere.text()).toContain('The redirect_uri is not associated with this application.');

    const { challenge } = pkcePair();
    const refused: Array<Record<string, string>> = [
      { code_challenge: challenge, code_challenge_method: 'plain' },
      { code_challenge: challenge },
      { code_challenge_method: 'S256' },
      { code_challenge: 'too-short', code_challenge_method: 'S256' },
    ];
    for (const pkce of refused) {
      const { to, params } = redirectOf(await authorize(emulator, { ...pkce, state: 's2' }));
      expect(to).toBe(CALLBACK);
      expect(params).toMatchObject({ error: 'invalid_request', state: 's2' });
      expect(params.code).toBeUndefined();
    }
    expect(
      redirectOf(await authorize(emulator, { code_challenge: challenge, code_challenge_method: 'plain' }))
        .params.error_description,
    ).toContain('only S256');

    const stranger = await authorize(emulator, { login: 'nobody' });
    expect([stranger.status, stranger.headers.get('location')]).toEqual([422, null]);
    expect(await stranger.text()).toContain('login=octocat, login=hubot, login=mona');
    const organization = await authorize(emulator, { login: 'octo-org' });
    expect(organization.status).toBe(422);
    const undecided = await authorize(emulator, { decision: 'maybe' });
    expect([undecided.status, undecided.headers.get('location')]).toEqual([400, null]);

    expect(emulator.oauthGrants()).toEqual([]);
  });

  it('names its demo app in the session the CLI starts', async () => {
    const session = await startGithubEmulator();
    try {
      expect(session.oauthClient).toEqual({
        clientId: DEMO_OAUTH_CLIENT_ID,
        clientSecret: DEMO_OAUTH_CLIENT_SECRET,
        // Registered at the emulator itself: the engine sends its secret to no other origin.
        origins: [session.baseUrl],
      });
      expect(DEMO_OAUTH_CLIENT_ID).toMatch(/^Ov23li[A-Za-z0-9]{14}$/);
    } finally {
      await session.close();
    }
  });
});
