import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { httpFixture } from '../support/http-fixture.js';

describe('requests to one host share kept-alive connections', () => {
  let server: Server;
  let baseUrl: string;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ path: request.url }));
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends ten requests one after another over at most two connections, not ten', async () => {
    const { client } = httpFixture({ baseUrl });
    for (let id = 1; id <= 10; id++) {
      const response = await client().get(`/items/${id}`);
      expect(response.body).toEqual({ path: `/items/${id}` });
    }
    // A request sent the moment the previous answer ends may find that connection not yet released
    // to the pool, and open a second one; from then on the two take turns.
    expect(connections).toBeLessThanOrEqual(2);
  });
});
