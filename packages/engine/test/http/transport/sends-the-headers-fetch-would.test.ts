import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { httpFixture } from '../support/http-fixture.js';

describe('the transport sends what fetch would, and keeps framing to itself', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/items', (c) => c.json([]));
        app.get('/repeated', () => {
          const headers = new Headers({ 'content-type': 'application/json' });
          headers.append('x-page', 'a');
          headers.append('x-page', 'b');
          return new Response('[]', { headers });
        });
        app.post('/items', async (c) => c.json({ got: await c.req.json() }, 201));
      },
    });
  });
  afterAll(() => emulator.close());

  const client = () => httpFixture({ baseUrl: emulator.baseUrl }).client({ effect: 'write' });
  const lastHeaders = () => emulator.requests.at(-1)?.headers ?? {};

  it('adds accept, accept-encoding and a user-agent when the request names none', async () => {
    await client().get('/items');
    expect(lastHeaders()).toMatchObject({
      accept: '*/*',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': 'toolsteps',
    });
  });

  it("keeps the request's own accept and user-agent", async () => {
    await client().request({
      path: '/items',
      headers: { Accept: 'application/vnd.github+json', 'User-Agent': 'my-agent' },
    });
    expect(lastHeaders()).toMatchObject({ accept: 'application/vnd.github+json', 'user-agent': 'my-agent' });
  });

  it('addresses the host of the base URL whatever host header a request carries', async () => {
    await client().request({
      path: '/items',
      headers: { host: 'elsewhere.example', 'content-length': '999' },
    });
    expect(lastHeaders().host).toBe(new URL(emulator.baseUrl).host);
  });

  it('joins a repeated answer header as fetch does', async () => {
    const response = await client().get('/repeated');
    expect(response.headers['x-page']).toBe('a, b');
    expect(response.body).toEqual([]);
  });

  it('sends a JSON body whole, with the length of what it sends', async () => {
    const response = await client().request({ method: 'POST', path: '/items', json: { title: 'é ✓' } });
    expect(response).toMatchObject({ status: 201, body: { got: { title: 'é ✓' } } });
    expect(lastHeaders()['content-length']).toBe(String(Buffer.byteLength(JSON.stringify({ title: 'é ✓' }))));
  });
});
