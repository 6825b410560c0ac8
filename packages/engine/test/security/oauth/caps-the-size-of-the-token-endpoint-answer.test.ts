import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { oauthFixture, rejection, SECRETS } from './support/oauth-fixture.js';
import { startTokenServer, type TokenServer } from './support/token-server.js';

/** A body of `{"access_token":"` followed by padding, one chunk at a time, until the client hangs up. */
function endlessGrant(call: { closed: Promise<void> }, response: ServerResponse): void {
  let open = true;
  void call.closed.then(() => {
    open = false;
  });
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{"access_token":"');
  const chunk = 'a'.repeat(16 * 1024);
  const more = () => {
    while (open && response.write(chunk)) {}
    if (open) response.once('drain', more);
  };
  more();
}

describe('the token endpoint answer is read up to 64 KiB, no further', () => {
  let server: TokenServer;
  afterEach(() => server.close());

  it('stops reading an answer that streams on and closes the connection', async () => {
    server = await startTokenServer(endlessGrant);
    const fixture = oauthFixture({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
      binding: { maxAttempts: 1 },
    });
    const error = await rejection(fixture.client().get('/me'));

    expect(error.code).toBe('upstream');
    expect(error.message).toBe(
      `The token endpoint's answer to the refresh of account "Demo acct-1" of Demo was larger than 65536 bytes, far more than a token grant; it was not read`,
    );
    const [call] = server.calls;
    await call.closed;
    expect(call.abandoned).toBe(true);
    expect(fixture.saved).toEqual([]);
    expect(fixture.visibleOutput(error)).not.toContain(SECRETS.refreshToken);
  });

  it('refuses an answer whose declared length is over the cap without reading it', async () => {
    server = await startTokenServer((_call, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(400 * 1024 * 1024),
      });
      response.write('{"access_token":"');
    });
    const fixture = oauthFixture({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
      binding: { maxAttempts: 1 },
    });
    const error = await rejection(fixture.client().get('/me'));

    expect(error).toMatchObject({ code: 'upstream', details: { maxTokenAnswerBytes: 65536 } });
    await server.calls[0].closed;
    expect(server.calls[0].abandoned).toBe(true);
    expect(fixture.saved).toEqual([]);
  });
});
