import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failure, httpFixture } from '../support/http-fixture.js';

/** A server that answers every request with the raw status line given: no HTTP library would send it. */
function rawServer(statusLine: string): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((socket) => {
    socket.once('data', () => {
      socket.end(`${statusLine}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      resolve({ server, baseUrl: `http://127.0.0.1:${address.port}` });
    });
  });
}

describe('an answer whose status is no final HTTP status', () => {
  let raw: { server: Server; baseUrl: string };

  beforeAll(async () => {
    raw = await rawServer('HTTP/1.1 999 Whatever');
  });
  afterAll(() => new Promise<void>((resolve) => raw.server.close(() => resolve())));

  it('fails as an upstream error naming the status, not as a crash', async () => {
    const fixture = httpFixture({ baseUrl: raw.baseUrl });
    const error = await failure(fixture.client().get('/odd'));
    expect(error.code).toBe('upstream');
    expect(error.message).toBe('Demo answered GET /odd with HTTP status 999, which is no final status');
    expect(error.details).toMatchObject({ method: 'GET', path: '/odd', status: 999 });
    expect(fixture.exchanges).toEqual([expect.objectContaining({ status: 999, error: error.message })]);
  });
});
