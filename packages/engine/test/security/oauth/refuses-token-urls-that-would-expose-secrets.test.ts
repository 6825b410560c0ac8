import { describe, expect, it } from '@jest/globals';
import { oauthAuth, rejection, SECRETS } from './support/oauth-fixture.js';

const me = { method: 'GET', path: '/me' } as const;

describe('the refresh token and client secret only go to an https token endpoint (http on loopback)', () => {
  const refresh = (tokenUrl: string) => {
    const fixture = oauthAuth({ tokenUrl, credentials: { accessToken: undefined }, timeoutMs: 30_000 });
    return { ...fixture, error: rejection(fixture.auth.header(me, new AbortController().signal)) };
  };

  it('refuses plain http to another host before sending anything', async () => {
    const { error: pending, saved } = refresh('http://auth.example.com/oauth/token');
    const error = await pending;
    expect(error).toMatchObject({ code: 'validation' });
    expect(error.message).toBe(
      `Demo's OAuth token URL for account "Demo acct-1" uses plain http (http://auth.example.com): use https, so the refresh token and client secret are not sent unencrypted (http is allowed only on loopback, for an emulator); nothing was sent`,
    );
    expect(saved).toEqual([]);
  });

  it('refuses a token URL carrying user info, without echoing it', async () => {
    const { error: pending, visibleOutput } = refresh(
      'https://admin:hunter2-pass@auth.example.com/oauth/token',
    );
    const error = await pending;
    expect(error.code).toBe('validation');
    expect(error.message).toContain('carries user info');
    expect(visibleOutput(error)).not.toMatch(/hunter2-pass/);
    expect(visibleOutput(error)).not.toContain(SECRETS.refreshToken);
  });

  it('refuses a token URL that is not absolute', async () => {
    const { error } = refresh('/oauth/token');
    expect((await error).message).toContain('is not an absolute http(s) URL');
  });
});
