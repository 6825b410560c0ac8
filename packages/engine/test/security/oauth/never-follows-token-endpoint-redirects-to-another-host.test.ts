import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { oauthFixture, rejection, SECRETS } from './support/oauth-fixture.js';
import { json, startTokenServer, type TokenServer } from './support/token-server.js';

describe('a redirect from the token endpoint is never followed', () => {
  /** Another host, ready to collect secrets and to hand out its own tokens. */
  let elsewhere: TokenServer;
  let tokenEndpoint: TokenServer;
  let redirectStatus: number;

  beforeAll(async () => {
    elsewhere = await startTokenServer((_call, response) =>
      json(response, 200, {
        access_token: 'access_from_elsewhere_5e6f',
        refresh_token: 'refresh_from_elsewhere_1a2b',
        expires_in: 3600,
      }),
    );
    tokenEndpoint = await startTokenServer((_call, response) => {
      response.writeHead(redirectStatus, { location: `${elsewhere.origin}/steal?code=hunter2-query` }).end();
    });
  });
  beforeEach(() => {
    (elsewhere.calls as unknown[]).length = 0;
  });
  afterAll(async () => {
    await Promise.all([elsewhere.close(), tokenEndpoint.close()]);
  });

  it.each([307, 308])(
    'refuses a %i without re-sending the refresh token or client secret to the host it names',
    async (status) => {
      redirectStatus = status;
      const fixture = oauthFixture({
        tokenUrl: `${tokenEndpoint.origin}/oauth/token`,
        credentials: { accessToken: undefined },
      });
      const error = await rejection(fixture.client().get('/me'));

      expect(error.code).toBe('upstream');
      expect(error.message).toBe(
        `The token endpoint answered ${status}, a redirect to ${elsewhere.origin}, to the refresh of account "Demo acct-1" of Demo: token endpoint redirects are never followed, so the refresh token and client secret were sent nowhere else. Check the integration's token URL`,
      );
      expect(elsewhere.calls).toEqual([]);
      expect(fixture.saved).toEqual([]);
      const output = fixture.visibleOutput(error);
      for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
      expect(output).not.toContain('hunter2-query');
    },
  );

  it('never takes tokens from the host a 302 names, so they are neither used nor saved', async () => {
    redirectStatus = 302;
    const fixture = oauthFixture({
      tokenUrl: `${tokenEndpoint.origin}/oauth/token`,
      credentials: { accessToken: undefined },
    });
    const error = await rejection(fixture.client().get('/me'));

    expect(error).toMatchObject({ code: 'upstream', status: 302 });
    expect(elsewhere.calls).toEqual([]);
    expect(fixture.saved).toEqual([]);
    expect((await fixture.vault.get({ id: 'acct-1' })).credentials.refreshToken).toBe(SECRETS.refreshToken);
  });

  it('refuses a redirect within the token endpoint host too: token endpoints do not redirect', async () => {
    const sameHost = await startTokenServer((call, response) => {
      if (call.path === '/oauth/token') response.writeHead(308, { location: '/oauth/v2/token' }).end();
      else json(response, 200, { access_token: 'access_after_redirect_77', expires_in: 3600 });
    });
    try {
      const fixture = oauthFixture({
        tokenUrl: `${sameHost.origin}/oauth/token`,
        credentials: { accessToken: undefined },
      });
      const error = await rejection(fixture.client().get('/me'));
      expect(error).toMatchObject({ code: 'upstream', status: 308 });
      expect(sameHost.calls.map((call) => call.path)).toEqual(['/oauth/token']);
    } finally {
      await sameHost.close();
    }
  });
});
