import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { oauthFixture } from './support/oauth-fixture.js';

describe('a token shorter-lived than the refresh-ahead window is refreshed once, not on every request', () => {
  let emulator: Emulator;
  let expiresIn: unknown;
  let issued: number;

  beforeAll(async () => {
    emulator = await createEmulator({
      authorize: (request) =>
        request.path === '/oauth/token' || request.headers.authorization === `Bearer access_issued_${issued}`,
      routes: (app) => {
        app.get('/api/me', (c) => c.json({ login: 'octo' }));
        app.post('/oauth/token', (c) => {
          issued += 1;
          return c.json({
            access_token: `access_issued_${issued}`,
            token_type: 'bearer',
            expires_in: expiresIn,
          });
        });
      },
    });
  });
  beforeEach(() => {
    issued = 0;
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const fixture = (credentials: Record<string, unknown> = { accessToken: undefined }) =>
    oauthFixture({
      tokenUrl: `${emulator.baseUrl}/oauth/token`,
      baseUrl: `${emulator.baseUrl}/api`,
      credentials,
    });
  const tokenCalls = () => emulator.requests.filter((request) => request.path === '/oauth/token');

  it.each([
    ['30 seconds', 30],
    ['null', null],
    ['a microsecond (read as 30 s)', 0.000001],
  ])('makes 20 requests with one refresh and one vault write when expires_in is %s', async (_, lifetime) => {
    expiresIn = lifetime;
    const { client, saved } = fixture();
    await client().get('/me');
    await Promise.all(Array.from({ length: 10 }, () => client().get('/me')));
    for (let request = 0; request < 9; request++) await client().get('/me');

    expect(emulator.requests.filter((request) => request.path === '/api/me')).toHaveLength(20);
    expect(tokenCalls()).toHaveLength(1);
    expect(saved).toHaveLength(1);
  });

  it('refreshes a 30-second token once when less than a tenth of its lifetime is left', async () => {
    expiresIn = 30;
    const { client, clock, saved } = fixture();
    await client().get('/me');
    await clock.sleep(26_000);
    await client().get('/me');
    expect(tokenCalls()).toHaveLength(1);

    await clock.sleep(1_500);
    await client().get('/me');
    await client().get('/me');
    expect(tokenCalls()).toHaveLength(2);
    expect(saved.map((account) => account.credentials.expiresAt)).toEqual([
      '2030-01-01T00:00:30.000Z',
      '2030-01-01T00:00:57.500Z',
    ]);
  });

  it('tries an early refresh once per token when the token endpoint is down, then uses the token until it expires', async () => {
    issued = 1;
    emulator.faults.inject({
      method: 'POST',
      path: '/oauth/token',
      status: 503,
      times: Number.POSITIVE_INFINITY,
    });
    const { client, saved, logger } = fixture({
      accessToken: 'access_issued_1',
      expiresAt: '2030-01-01T00:00:30Z',
    });
    for (let request = 0; request < 20; request++) await client().get('/me');

    expect(tokenCalls()).toHaveLength(1);
    expect(saved).toEqual([]);
    expect(logger.lines.filter((line) => line.level === 'warn')).toHaveLength(1);
  });

  it.each([
    ['refused as invalid_client', 400, { error: 'invalid_client' }],
    ['refused as invalid_grant', 400, { error: 'invalid_grant' }],
    ['answered with a web page', 200, '<html>maintenance</html>'],
  ])(
    'keeps a still-valid token when its early refresh is %s, tries once, and says to reconnect',
    async (_, status, body) => {
      issued = 1;
      emulator.faults.inject({
        method: 'POST',
        path: '/oauth/token',
        status,
        body,
        times: Number.POSITIVE_INFINITY,
      });
      const { client, saved, logger } = fixture({
        accessToken: 'access_issued_1',
        expiresAt: '2030-01-01T00:00:30Z',
      });
      for (let request = 0; request < 5; request++) await client().get('/me');

      expect(emulator.requests.filter((request) => request.path === '/api/me')).toHaveLength(5);
      expect(tokenCalls()).toHaveLength(1);
      expect(saved).toEqual([]);
      const warnings = logger.lines.filter((line) => line.level === 'warn');
      expect(warnings).toHaveLength(1);
      expect(warnings[0].message).toMatch(
        /reconnect the account before 2030-01-01T00:00:30\.000Z, when it stops working$/,
      );
    },
  );
});
