import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { account, failure, httpFixture, TOKEN } from './support/http-fixture.js';

const API_KEY = 'key_live_8d1e44f0aa';

describe('exchanges and errors never carry a secret', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        // A careless API that echoes the credential it received.
        app.get('/whoami', (c) =>
          c.json({ you: c.req.header('authorization') ?? c.req.header('x-api-key') }, 200, {
            'set-cookie': 'session=abc123456; HttpOnly',
          }),
        );
        app.post('/fail', (c) =>
          c.json({ message: `token ${c.req.header('authorization')} is not allowed here` }, 400),
        );
      },
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('records every attempt with credential headers and echoed secrets redacted', async () => {
    const fixture = httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { headers: { cookie: 'sid=s3cr3tcookie' } },
    });
    emulator.faults.inject({ path: '/whoami', status: 503 });
    await fixture.client().get('/whoami');
    expect(fixture.exchanges).toHaveLength(2);
    const [first, second] = fixture.exchanges;
    expect(first).toMatchObject({ method: 'GET', path: '/whoami', status: 503, attempt: 1 });
    expect(second).toMatchObject({ method: 'GET', path: '/whoami', status: 200, attempt: 2 });
    expect(second.requestHeaders).toMatchObject({ authorization: '[REDACTED]', cookie: '[REDACTED]' });
    expect(second.responseHeaders).toMatchObject({ 'set-cookie': '[REDACTED]' });
    expect(second.responseBody).toEqual({ you: 'Bearer [REDACTED]' });
    expect(JSON.stringify(fixture.exchanges)).not.toContain(TOKEN);
    // The emulator itself did receive the real credential.
    expect(emulator.requests[1].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('redacts the API key header the integration names', async () => {
    const fixture = httpFixture({
      baseUrl: emulator.baseUrl,
      auth: {
        kind: 'apiKey',
        header: 'X-Partner-Credential',
        value: (acct) => String(acct.credentials.apiKey),
      },
      accounts: [account({ apiKey: API_KEY })],
    });
    await fixture.client().get('/whoami');
    expect(fixture.exchanges[0].requestHeaders['x-partner-credential']).toBe('[REDACTED]');
    expect(JSON.stringify(fixture.exchanges)).not.toContain(API_KEY);
  });

  it('scrubs a secret the API echoes into an error message and its details', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    const error = await failure(
      fixture.client({ effect: 'write' }).request({ method: 'POST', path: '/fail', json: {} }),
    );
    expect(error.code).toBe('validation');
    expect(error.message).toBe(
      'Demo answered 400 to POST /fail: token Bearer [REDACTED] is not allowed here',
    );
    expect(JSON.stringify(error.toJSON())).not.toContain(TOKEN);
    expect(JSON.stringify(fixture.exchanges)).not.toContain(TOKEN);
    expect(fixture.exchanges[0].requestBody).toEqual({});
  });

  it('keeps secrets out of retry log lines', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/whoami', status: 503 });
    await fixture.client().request({ path: '/whoami', query: { token: TOKEN } });
    expect(fixture.logger.lines).toHaveLength(1);
    expect(fixture.logger.lines[0].message).toContain('token=[REDACTED]');
    expect(JSON.stringify(fixture.exchanges)).not.toContain(TOKEN);
  });
});
