import { afterEach, describe, expect, it } from '@jest/globals';
import { oauthAuth, rejection, SECRETS } from './support/oauth-fixture.js';
import { startTokenServer, type TokenServer } from './support/token-server.js';

describe('the timeout of a token refresh bounds reading the answer too', () => {
  let server: TokenServer;
  afterEach(() => server.close());

  it('gives up on an answer whose headers came but whose body never ends, and closes the connection', async () => {
    server = await startTokenServer((_call, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"access_token":"access_never_finished_42"');
    });
    const { auth, saved, visibleOutput } = oauthAuth({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
      // Long enough for the request to reach the server on a busy machine: the body is what never ends.
      timeoutMs: 1000,
    });
    const error = await rejection(auth.header({ method: 'GET', path: '/me' }, new AbortController().signal));

    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      'Could not refresh the OAuth token of account "Demo acct-1" of Demo: the token endpoint did not answer within 1000 ms',
    );
    await server.calls[0].closed;
    expect(server.calls[0].abandoned).toBe(true);
    expect(saved).toEqual([]);
    expect(visibleOutput(error)).not.toContain(SECRETS.clientSecret);
  });
});
