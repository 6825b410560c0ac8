import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { account, failure, httpFixture, TOKEN } from './support/http-fixture.js';

describe('requests are signed the way the integration says', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({ routes: (app) => app.all('/*', (c) => c.json({ ok: true })) });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  const received = () => emulator.requests.map((request) => request.headers);

  it('sends `token` credentials as a bearer token, with the binding headers', async () => {
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { headers: { 'user-agent': 'toolsteps' } },
    });
    await client().get('/me');
    expect(received()[0]).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'user-agent': 'toolsteps' });
  });

  it('keeps its credential header even when a step sets one', async () => {
    const { client } = httpFixture({ baseUrl: emulator.baseUrl });
    await client().request({ path: '/me', headers: { Authorization: 'Bearer forged', 'x-trace': '7' } });
    expect(received()[0]).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'x-trace': '7' });
  });

  it('sends `apiKey` credentials as a bearer token in Authorization by default', async () => {
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      auth: { kind: 'apiKey' },
      accounts: [account({ apiKey: 'key_0123456789' })],
    });
    await client().get('/me');
    expect(received()[0].authorization).toBe('Bearer key_0123456789');
  });

  it('sends an API key in the integration header with a value computed per request from authParams', async () => {
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      auth: {
        kind: 'apiKey',
        header: 'X-Api-Key',
        value: (acct, request) => `${acct.credentials.apiKey}:${request.authParams?.scope ?? 'default'}`,
      },
      accounts: [account({ apiKey: 'key_0123456789' })],
    });
    await client().get('/people');
    await client().request({ path: '/companies', authParams: { scope: 'companies' } });
    expect(received().map((headers) => headers['x-api-key'])).toEqual([
      'key_0123456789:default',
      'key_0123456789:companies',
    ]);
    expect(received()[0].authorization).toBeUndefined();
  });

  it('refuses an API key containing a line break without sending it or echoing it', async () => {
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      auth: { kind: 'apiKey', header: 'x-api-key', value: (acct) => String(acct.credentials.apiKey) },
      accounts: [account({ apiKey: 'key_0123\r\nX-Injected: yes' })],
    });
    const error = await failure(client().get('/me'));
    expect(error.code).toBe('validation');
    expect(error.message).toMatch(/"x-api-key" contains a control character such as a line break/);
    expect(error.message).not.toContain('key_0123');
    expect(error.message).not.toContain('Injected');
    expect(emulator.requests).toEqual([]);
  });

  it('refuses a step header containing a line break before sending anything', async () => {
    const { client } = httpFixture({ baseUrl: emulator.baseUrl });
    const error = await failure(client().request({ path: '/me', headers: { 'x-note': 'a\nb' } }));
    expect(error.code).toBe('validation');
    expect(emulator.requests).toEqual([]);
  });

  it('refuses a write whose header holds any other control character as invalid, never as maybe sent', async () => {
    const { client, exchanges } = httpFixture({ baseUrl: emulator.baseUrl });
    const error = await failure(
      client({ effect: 'write' }).request({
        method: 'POST',
        path: '/me',
        json: {},
        headers: { 'x-note': 'a\u0001b' },
      }),
    );
    expect(error.code).toBe('validation');
    expect(error.message).toMatch(/^The value of header "x-note" contains a control character/);
    expect(emulator.requests).toEqual([]);
    expect(exchanges).toEqual([]);
  });

  it('asks to reconnect an account that lacks the credential its auth kind needs', async () => {
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      accounts: [account({ apiKey: 'wrong_kind_key' })],
    });
    const error = await failure(client().get('/me'));
    expect(error.code).toBe('reconnect_required');
    expect(error.message).toMatch(
      /Account "Demo acct-1" of Demo has no "token" credential: reconnect the account/,
    );
    expect(emulator.requests).toEqual([]);
  });
});
