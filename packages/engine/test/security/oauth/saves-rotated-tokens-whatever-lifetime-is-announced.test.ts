import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { oauthAuth } from './support/oauth-fixture.js';
import { startTokenServer, type TokenServer } from './support/token-server.js';

const me = { method: 'GET', path: '/me' } as const;
const NOW = Date.parse('2030-01-01T00:00:00Z');
const ONE_YEAR_LATER = '2031-01-01T00:00:00.000Z';

describe('rotated tokens are saved whatever lifetime the token endpoint announces', () => {
  let server: TokenServer;
  /** The raw JSON text of `expires_in`, so values JSON.stringify cannot write (1e400) can be sent too. */
  let expiresIn: string;

  beforeAll(async () => {
    server = await startTokenServer((_call, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        `{"access_token":"access_rotated_0a1b","refresh_token":"refresh_rotated_2c3d","expires_in":${expiresIn}}`,
      );
    });
  });
  afterAll(() => server.close());

  it.each([
    ['1e16 seconds', '1e16', ONE_YEAR_LATER],
    ['a number too large for JSON to hold (1e400)', '1e400', undefined],
    ['3600 as a string', '"3600"', '2030-01-01T01:00:00.000Z'],
    ['null', 'null', undefined],
    ['zero', '0', undefined],
    ['a negative number', '-5', undefined],
    ['text', '"soon"', undefined],
    ['an object', '{"seconds":60}', undefined],
  ])('keeps the new refresh token when expires_in is %s', async (_, raw, expiresAt) => {
    expiresIn = raw;
    const { auth, saved, clock } = oauthAuth({
      tokenUrl: `${server.origin}/oauth/token`,
      credentials: { accessToken: undefined },
      timeoutMs: 30_000,
    });
    expect(clock.now()).toBe(NOW);

    expect(await auth.header(me, new AbortController().signal)).toEqual({
      name: 'authorization',
      value: 'Bearer access_rotated_0a1b',
    });
    expect(saved).toHaveLength(1);
    expect(saved[0].credentials).toMatchObject({
      accessToken: 'access_rotated_0a1b',
      refreshToken: 'refresh_rotated_2c3d',
    });
    expect(saved[0].credentials.expiresAt).toBe(expiresAt);
  });
});
