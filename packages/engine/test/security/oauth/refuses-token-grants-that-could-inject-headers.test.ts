import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { oauthAuth, rejection, SECRETS } from './support/oauth-fixture.js';
import { json, startTokenServer, type TokenServer } from './support/token-server.js';

const me = { method: 'GET', path: '/me' } as const;

describe('a grant is checked before it is used or saved', () => {
  let server: TokenServer;
  let grant: Record<string, unknown>;

  beforeAll(async () => {
    server = await startTokenServer((_call, response) => json(response, 200, grant));
  });
  afterAll(() => server.close());

  it.each([
    [
      'an access token with a line break',
      { access_token: 'access_x\r\nX-Injected: yes' },
      'with an access token holding characters a token cannot have (line breaks, NUL, non-ASCII)',
    ],
    [
      'an access token with a NUL',
      { access_token: 'access_x\u0000X-Injected' },
      'with an access token holding characters a token cannot have (line breaks, NUL, non-ASCII)',
    ],
    [
      'a non-ASCII access token',
      { access_token: 'accèss_X-Injected' },
      'with an access token holding characters a token cannot have (line breaks, NUL, non-ASCII)',
    ],
    ['an access token that is not text', { access_token: 123456789 }, 'without an access token'],
    ['no access token', { token_type: 'bearer', expires_in: 3600 }, 'without an access token'],
    [
      'a refresh token with a line break',
      { access_token: 'access_fine_9z', refresh_token: 'refresh\nX-Injected' },
      'with a refresh token that is not printable ASCII text',
    ],
    [
      'a refresh token that is not text',
      { access_token: 'access_fine_9z', refresh_token: { value: 'X-Injected' } },
      'with a refresh token that is not printable ASCII text',
    ],
  ])('refuses %s, keeps the vault as it was and never echoes the token', async (_, answer, problem) => {
    grant = answer;
    const { auth, saved, vault, visibleOutput } = oauthAuth({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
      timeoutMs: 30_000,
    });
    const error = await rejection(auth.header(me, new AbortController().signal));

    expect(error).toMatchObject({ code: 'upstream', status: 200, retryable: false });
    expect(error.message).toBe(
      `The token endpoint answered the refresh of account "Demo acct-1" of Demo ${problem}; nothing was saved`,
    );
    expect(saved).toEqual([]);
    expect((await vault.get({ id: 'acct-1' })).credentials.refreshToken).toBe(SECRETS.refreshToken);
    expect(visibleOutput(error)).not.toMatch(/X-Injected|access_fine_9z/);
  });
});
