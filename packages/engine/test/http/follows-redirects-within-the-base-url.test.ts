import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture, TOKEN } from './support/http-fixture.js';

describe('redirects are followed only under the account base URL', () => {
  let api: Emulator;
  let elsewhere: Emulator;

  beforeAll(async () => {
    elsewhere = await createEmulator({ routes: (app) => app.get('/*', (c) => c.json({ elsewhere: true })) });
    api = await createEmulator({
      routes: (app) => {
        app.get('/v1/repos/old', (c) => c.redirect('/v1/repos/new', 301));
        app.get('/v1/repos/new', (c) => c.json({ name: 'new' }));
        app.post('/v1/jobs', (c) => c.redirect('/v1/jobs/7', 303));
        app.get('/v1/jobs/7', (c) => c.json({ id: 7 }));
        app.get('/v1/download', (c) => c.redirect(`${elsewhere.baseUrl}/file`, 302));
        app.get('/v1/outside', (c) => c.redirect('/admin', 302));
        app.get('/v1/loop', (c) => c.redirect('/v1/loop', 302));
      },
    });
  });
  afterEach(() => {
    api.reset();
    elsewhere.reset();
  });
  afterAll(async () => {
    await api.close();
    await elsewhere.close();
  });

  const fixture = () => httpFixture({ baseUrl: `${api.baseUrl}/v1` });

  it('follows a redirect within the base URL, still signed', async () => {
    const { client, exchanges } = fixture();
    const response = await client().get('/repos/old');
    expect(response.body).toEqual({ name: 'new' });
    expect(api.requests.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${TOKEN}`,
      `Bearer ${TOKEN}`,
    ]);
    expect(exchanges.map((exchange) => [exchange.path, exchange.status])).toEqual([
      ['/repos/old', 301],
      ['/repos/new', 200],
    ]);
  });

  it('continues a 303 after a POST as a GET without the body', async () => {
    const { client } = fixture();
    const response = await client({ effect: 'write' }).request({
      method: 'POST',
      path: '/jobs',
      json: { run: true },
    });
    expect(response.body).toEqual({ id: 7 });
    expect(api.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/v1/jobs', { run: true }],
      ['GET', '/v1/jobs/7', undefined],
    ]);
  });

  it('does not follow a redirect to another host, so the credentials stay home', async () => {
    const { client } = fixture();
    const error = await failure(client().get('/download'));
    expect(error).toMatchObject({ code: 'upstream', status: 302 });
    expect(error.message).toContain(`a redirect to ${elsewhere.baseUrl}, not followed`);
    expect(elsewhere.requests).toEqual([]);
  });

  it('does not follow a redirect outside the base path', async () => {
    const { client } = fixture();
    const error = await failure(client().get('/outside'));
    expect(error.status).toBe(302);
    expect(api.requests.map((request) => request.path)).toEqual(['/v1/outside']);
  });

  it('stops after 5 hops', async () => {
    const { client } = fixture();
    const error = await failure(client().get('/loop'));
    expect(error).toMatchObject({ code: 'upstream', status: 302 });
    expect(api.requests).toHaveLength(6);
  });

  it('hands an accepted redirect to the step instead of following it', async () => {
    const { client } = fixture();
    const response = await client().request({ path: '/download', acceptStatus: [302] });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`${elsewhere.baseUrl}/file`);
  });
});
