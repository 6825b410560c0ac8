import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { oauthAuth, rejection, SECRETS } from './support/oauth-fixture.js';
import { json, startTokenServer, type TokenServer } from './support/token-server.js';

const me = { method: 'GET', path: '/me' } as const;

describe('errors built from the token endpoint answer never carry a secret', () => {
  let server: TokenServer;
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    server = await startTokenServer((_call, response) => json(response, answer.status, answer.body));
  });
  afterAll(() => server.close());

  const refresh = () => {
    const fixture = oauthAuth({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
      timeoutMs: 30_000,
    });
    return { ...fixture, error: rejection(fixture.auth.header(me, new AbortController().signal)) };
  };

  it('redacts the refresh token and client secret an error description echoes', async () => {
    answer = {
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: `refresh_token=${SECRETS.refreshToken} is not valid for\nclient_secret ${encodeURIComponent(SECRETS.clientSecret)}`,
      },
    };
    const { error: pending, visibleOutput } = refresh();
    const error = await pending;

    expect(error.code).toBe('unauthorized');
    expect(error.message).toBe(
      `The token endpoint refused to refresh the token of account "Demo acct-1" of Demo (invalid_request: refresh_token=[REDACTED] is not valid for client_secret [REDACTED]): check the account's client id and secret, or disconnect and reconnect the account`,
    );
    const output = visibleOutput(error);
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
  });

  it('redacts a token the error answer itself carries', async () => {
    answer = {
      status: 503,
      body: {
        error: 'temporarily_unavailable',
        error_description: 'try access_leaked_in_error_55 later',
        access_token: 'access_leaked_in_error_55',
      },
    };
    const { error: pending, visibleOutput, scrubber } = refresh();
    const error = await pending;

    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      'The token endpoint answered 503 to the refresh of account "Demo acct-1" of Demo (temporarily_unavailable: try [REDACTED] later)',
    );
    expect(visibleOutput(error)).not.toContain('access_leaked_in_error_55');
    expect(scrubber.scrub('access_leaked_in_error_55')).toBe('[REDACTED]');
  });
});
