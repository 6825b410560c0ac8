import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';

describe('answers are parsed by what they are', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/json', (c) => c.json({ a: 1 }, 200, { 'X-Request-Id': 'r-1' }));
        app.get('/vendor-json', (c) =>
          c.body('{"b":2}', 200, { 'content-type': 'application/vnd.api+json' }),
        );
        app.get('/text', (c) => c.text('plain words'));
        app.get('/number-as-text', (c) => c.text('42'));
        app.get('/broken-json', (c) => c.body('{"a":', 200, { 'content-type': 'application/json' }));
        app.delete('/empty', (c) => c.body(null, 204));
        app.post('/echo', async (c) =>
          c.json({ got: await c.req.json(), type: c.req.header('content-type') }),
        );
        app.put('/raw', async (c) => c.text(await c.req.text()));
      },
    });
  });
  afterAll(() => emulator.close());

  const client = () => httpFixture({ baseUrl: emulator.baseUrl }).client({ effect: 'write' });

  it('parses JSON and gives headers with lowercase names', async () => {
    const response = await client().get('/json');
    expect(response.body).toEqual({ a: 1 });
    expect(response.headers['x-request-id']).toBe('r-1');
  });

  it('parses JSON of a vendor media type', async () => {
    expect((await client().get('/vendor-json')).body).toEqual({ b: 2 });
  });

  it('gives text as text, and JSON-looking text as JSON unless text is asked for', async () => {
    expect((await client().get('/text')).body).toBe('plain words');
    expect((await client().get('/number-as-text')).body).toBe(42);
    expect((await client().request({ path: '/number-as-text', responseType: 'text' })).body).toBe('42');
  });

  it('falls back to the text of a body that does not parse', async () => {
    expect((await client().get('/broken-json')).body).toBe('{"a":');
  });

  it('gives null for an empty body and for HEAD', async () => {
    expect(await client().request({ method: 'DELETE', path: '/empty' })).toMatchObject({
      status: 204,
      body: null,
    });
    expect(await client().request({ method: 'HEAD', path: '/json' })).toMatchObject({
      status: 200,
      body: null,
    });
  });

  it('sends `json` as JSON and `body` as is', async () => {
    const echoed = await client().request({ method: 'POST', path: '/echo', json: { n: [1, 2] } });
    expect(echoed.body).toEqual({ got: { n: [1, 2] }, type: 'application/json' });
    const raw = await client().request({ method: 'PUT', path: '/raw', body: 'a=1&b=2' });
    expect(raw.body).toBe('a=1&b=2');
  });

  it.each([
    ['a body on a GET', { path: '/json', json: {} }, /GET request cannot carry a body/],
    [
      'both json and body',
      { method: 'POST' as const, path: '/echo', json: {}, body: 'x' },
      /`json` or `body`, not both/,
    ],
    ['an unknown method', { method: 'TRACE' as never, path: '/json' }, /HTTP method "TRACE"/],
    [
      'JSON that cannot be serialised',
      { method: 'POST' as const, path: '/echo', json: { n: 1n } },
      /cannot be sent as JSON/,
    ],
    ['bad accepted statuses', { path: '/json', acceptStatus: [99] }, /acceptStatus/],
  ])('refuses %s before sending', async (_what, request, why) => {
    emulator.reset();
    const error = await failure(client().request(request));
    expect(error.code).toBe('validation');
    expect(error.message).toMatch(why);
    expect(emulator.requests).toEqual([]);
  });
});
