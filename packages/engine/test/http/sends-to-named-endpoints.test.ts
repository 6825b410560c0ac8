import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { failure, httpFixture, TOKEN } from './support/http-fixture.js';

// GitHub Enterprise Server: REST at /api/v3, GraphQL at /api/graphql, one token for both.
describe('a binding may name other roots of the same API, and a request picks one with `endpoint`', () => {
  let emulator: Emulator;
  let fixture: ReturnType<typeof httpFixture>;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => {
        app.get('/api/v3/*', (c) => c.json({ rest: new URL(c.req.url).pathname }));
        app.post('/api/graphql', (c) => c.json({ graphql: true }));
        app.get('/api/admin', (c) => c.json({ admin: true }));
      },
    });
    fixture = httpFixture({
      baseUrl: `${emulator.baseUrl}/api/v3`,
      binding: { endpoints: { graphql: `${emulator.baseUrl}/api` } },
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('resolves the path under the endpoint and signs the request like any other', async () => {
    const response = await fixture
      .client()
      .request({ method: 'POST', endpoint: 'graphql', path: 'graphql', json: {} });
    expect(response.body).toEqual({ graphql: true });
    expect(emulator.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect((await fixture.client().get('user')).body).toEqual({ rest: '/api/v3/user' });
  });

  it('keeps the path under the endpoint root: ".." out of it is refused and nothing is sent', async () => {
    const error = await failure(fixture.client().request({ endpoint: 'graphql', path: '../../elsewhere' }));
    expect(error.code).toBe('validation');
    expect(error.message).toMatch(/climbs above/);
    expect(emulator.requests).toEqual([]);
  });

  it('refuses an endpoint the binding does not name, listing the ones it has', async () => {
    const error = await failure(fixture.client().request({ endpoint: 'admin', path: 'admin' }));
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Demo has no endpoint "admin"; it has "graphql"; nothing was sent');
    expect(emulator.requests).toEqual([]);
  });

  it('refuses a binding whose endpoint is not an absolute http(s) URL', async () => {
    const broken = httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { endpoints: { graphql: 'ftp://x/y' } },
    });
    const error = await failure(broken.client().get('anything'));
    expect(error.message).toMatch(/endpoints\.graphql "ftp:\/\/x\/y" is not an absolute http\(s\) URL/);
    expect(emulator.requests).toEqual([]);
  });
});
