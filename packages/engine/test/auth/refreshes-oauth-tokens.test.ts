import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import type { ConnectedAccount } from '@toolsteps/sdk';
import type { CredentialVault } from '../../src/ports/credential-vault.js';
import type { MemoryVault } from '../../src/vault/memory-vault.js';
import { account, failure, httpFixture } from '../http/support/http-fixture.js';
import { acceptsIssuedTokens } from './support/accepts-issued-tokens.js';

const CLIENT = { clientId: 'client-demo', clientSecret: 'client_secret_9f8e7d' };

describe('OAuth 2 tokens are refreshed ahead of expiry and once after a 401', () => {
  let emulator: Emulator;
  let valid: Set<string>;
  let refreshable: Set<string>;
  let issued: number;
  let rotate: boolean;

  beforeAll(async () => {
    emulator = await createEmulator({
      authorize: acceptsIssuedTokens(() => valid),
      routes: (app) => {
        app.get('/api/me', (c) => c.json({ login: 'octo' }));
        app.post('/oauth/token', async (c) => {
          const form = await c.req.parseBody();
          if (form.client_id !== CLIENT.clientId || form.client_secret !== CLIENT.clientSecret) {
            return c.json({ error: 'invalid_client' }, 401);
          }
          if (form.grant_type !== 'refresh_token' || !refreshable.has(String(form.refresh_token))) {
            return c.json(
              { error: 'invalid_grant', error_description: 'The refresh token is invalid or revoked' },
              400,
            );
          }
          issued += 1;
          const accessToken = `access_issued_${issued}`;
          valid = new Set([accessToken]);
          const body: Record<string, unknown> = {
            access_token: accessToken,
            token_type: 'bearer',
            expires_in: 3600,
          };
          if (rotate) {
            refreshable.delete(String(form.refresh_token));
            body.refresh_token = `refresh_issued_${issued}`;
            refreshable.add(body.refresh_token as string);
          }
          return c.json(body);
        });
      },
    });
  });
  beforeEach(() => {
    valid = new Set(['access_original']);
    refreshable = new Set(['refresh_original']);
    issued = 0;
    rotate = false;
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const oauthAccount = (credentials: Record<string, unknown> = {}): ConnectedAccount =>
    account({ accessToken: 'access_original', refreshToken: 'refresh_original', ...CLIENT, ...credentials });

  const fixture = (acct = oauthAccount(), vault?: (memory: MemoryVault) => CredentialVault) =>
    httpFixture({
      baseUrl: `${emulator.baseUrl}/api`,
      auth: { kind: 'oauth2', tokenUrl: () => `${emulator.baseUrl}/oauth/token` },
      accounts: [acct],
      vault,
    });

  const tokenCalls = () => emulator.requests.filter((request) => request.path === '/oauth/token');

  it('refreshes after a 401, replays once, and writes the new tokens back to the vault', async () => {
    rotate = true;
    valid = new Set();
    const { client, vault, clock, scrubber, exchanges, logger } = fixture();
    const response = await client().get('/me');
    expect(response.body).toEqual({ login: 'octo' });
    expect(emulator.requests.map((request) => [request.path, request.status])).toEqual([
      ['/api/me', 401],
      ['/oauth/token', 200],
      ['/api/me', 200],
    ]);
    expect(emulator.requests[2].headers.authorization).toBe('Bearer access_issued_1');

    const stored = await vault.get({ id: 'acct-1' });
    expect(stored.credentials).toEqual({
      ...CLIENT,
      accessToken: 'access_issued_1',
      refreshToken: 'refresh_issued_1',
      expiresAt: new Date(clock.now() + 3_600_000).toISOString(),
    });
    expect(scrubber.scrub('saw access_issued_1 and refresh_issued_1')).toBe('saw [REDACTED] and [REDACTED]');
    expect(exchanges.map((exchange) => [exchange.status, exchange.attempt])).toEqual([
      [401, 1],
      [200, 2],
    ]);
    expect(logger.lines).toContainEqual({
      level: 'info',
      message: 'Refreshed the OAuth token of account "Demo acct-1" (Demo)',
    });
  });

  it('sends the refresh as a form with the client credentials', async () => {
    valid = new Set();
    const { client } = fixture();
    await client().get('/me');
    const [call] = tokenCalls();
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call.body).toBe(
      'grant_type=refresh_token&refresh_token=refresh_original&client_id=client-demo&client_secret=client_secret_9f8e7d',
    );
    expect(call.headers.authorization).toBeUndefined();
  });

  it('reports unauthorized when the API refuses the refreshed token too, refreshing only once', async () => {
    const { client } = fixture();
    valid = new Set();
    emulator.faults.inject({ path: '/api/me', status: 401, times: 2, body: { message: 'Bad credentials' } });
    const error = await failure(client().get('/me'));
    expect(error.code).toBe('unauthorized');
    expect(error.message).toBe(
      'Demo answered 401 to GET /me: Bad credentials (still refused after refreshing the token): disconnect and reconnect the account',
    );
    expect(tokenCalls()).toHaveLength(1);
  });

  it('refreshes once for many concurrent requests that all got a 401', async () => {
    valid = new Set();
    const { client, vault } = fixture();
    emulator.faults.inject({ method: 'POST', path: '/oauth/token', delayMs: 40 });
    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => client().get('/me')));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(tokenCalls()).toHaveLength(1);
    expect((await vault.get({ id: 'acct-1' })).credentials.accessToken).toBe('access_issued_1');
  });

  it('refreshes ahead of expiry, before sending the request', async () => {
    const { client, clock } = fixture(
      oauthAccount({ expiresAt: new Date(Date.parse('2030-01-01T00:00:30Z')).toISOString() }),
    );
    expect(clock.now()).toBe(Date.parse('2030-01-01T00:00:00Z'));
    await client().get('/me');
    expect(emulator.requests.map((request) => [request.path, request.status])).toEqual([
      ['/oauth/token', 200],
      ['/api/me', 200],
    ]);
    expect(emulator.requests[1].headers.authorization).toBe('Bearer access_issued_1');
  });

  it('keeps a token that expires later than the refresh-ahead window', async () => {
    const { client } = fixture(oauthAccount({ expiresAt: '2030-01-01T00:05:00Z' }));
    await client().get('/me');
    expect(tokenCalls()).toEqual([]);
  });

  it('asks to reconnect the account when the refresh token is rejected (invalid_grant), leaving the vault as it was', async () => {
    valid = new Set();
    refreshable = new Set();
    const { client, vault } = fixture();
    const error = await failure(client().get('/me'));
    expect(error.code).toBe('reconnect_required');
    expect(error.message).toBe(
      'The refresh token of account "Demo acct-1" of Demo was rejected (invalid_grant: The refresh token is invalid or revoked): it was revoked or has expired. Disconnect and reconnect the account to authorize it again',
    );
    expect(JSON.stringify(error.toJSON())).not.toMatch(/refresh_original|client_secret_9f8e7d/);
    expect((await vault.get({ id: 'acct-1' })).credentials).toEqual(oauthAccount().credentials);
  });

  it('reports unauthorized with a hint when the token endpoint refuses the client', async () => {
    valid = new Set();
    const { client } = fixture(oauthAccount({ clientSecret: 'wrong_secret_000' }));
    const error = await failure(client().get('/me'));
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(
      /refused to refresh the token of account "Demo acct-1" of Demo \(invalid_client\): check the account's client id and secret/,
    );
  });

  it('reports unauthorized without a refresh when the account has no refresh token', async () => {
    valid = new Set();
    const { client } = fixture(oauthAccount({ refreshToken: undefined }));
    const error = await failure(client().get('/me'));
    expect(error.code).toBe('unauthorized');
    expect(tokenCalls()).toEqual([]);
  });

  it('uses the current token while it is still valid when an early refresh cannot reach the token endpoint', async () => {
    const { client, logger } = fixture(oauthAccount({ expiresAt: '2030-01-01T00:00:30Z' }));
    emulator.faults.inject({ method: 'POST', path: '/oauth/token', drop: true });
    const response = await client().get('/me');
    expect(response.status).toBe(200);
    expect(emulator.requests.at(-1)?.headers.authorization).toBe('Bearer access_original');
    expect(logger.lines.some((line) => line.level === 'warn' && /Early refresh/.test(line.message))).toBe(
      true,
    );
  });

  it('fails with unavailable when the token has expired and the token endpoint stays down', async () => {
    const { client } = fixture(oauthAccount({ expiresAt: '2029-12-31T23:00:00Z' }));
    emulator.faults.inject({
      method: 'POST',
      path: '/oauth/token',
      status: 503,
      times: Number.POSITIVE_INFINITY,
    });
    const error = await failure(client().get('/me'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      'The token endpoint answered 503 to the refresh of account "Demo acct-1" of Demo',
    );
    // A read retries the whole attempt, refresh included; the API itself is never called with the stale token.
    expect(tokenCalls()).toHaveLength(4);
    expect(emulator.requests.filter((request) => request.path === '/api/me')).toEqual([]);
  });

  it('keeps the refreshed token when a later step passes the account as it was before', async () => {
    valid = new Set();
    const acct = oauthAccount();
    const { client } = fixture(acct);
    await client({ account: acct }).get('/me');
    emulator.reset();
    await client({ account: acct }).get('/me');
    expect(emulator.requests.map((request) => [request.path, request.headers.authorization])).toEqual([
      ['/api/me', 'Bearer access_issued_1'],
    ]);
  });

  it('takes in new credentials when the account was reconnected', async () => {
    const { client } = fixture();
    await client().get('/me');
    valid = new Set(['access_reconnected']);
    emulator.reset();
    await client({ account: oauthAccount({ accessToken: 'access_reconnected' }) }).get('/me');
    expect(emulator.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer access_reconnected',
    ]);
  });

  it('keeps using refreshed tokens and says what to do when the vault cannot save them', async () => {
    rotate = true;
    valid = new Set();
    const readOnly = (memory: MemoryVault): CredentialVault => ({
      get: (ref) => memory.get(ref),
      list: (integration) => memory.list(integration),
      update: async () => {
        throw new Error('accounts file is read-only');
      },
    });
    const { client, logger, vault } = fixture(oauthAccount(), readOnly);
    expect((await client().get('/me')).status).toBe(200);
    expect((await client().get('/me')).status).toBe(200);
    expect(tokenCalls()).toHaveLength(1);
    expect((await vault.get({ id: 'acct-1' })).credentials.accessToken).toBe('access_original');
    const errors = logger.lines.filter((line) => line.level === 'error');
    expect(errors).toEqual([
      {
        level: 'error',
        message:
          'The refreshed OAuth tokens of account "Demo acct-1" could not be saved to the vault (accounts file is read-only). This process keeps using them; if the provider rotates refresh tokens, reconnect the account after the run',
      },
    ]);
  });
});
