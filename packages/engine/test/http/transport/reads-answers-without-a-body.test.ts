import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { httpFixture } from '../support/http-fixture.js';

/** Answers are raw bytes, so headers no HTTP library would pair with these statuses can be sent. */
const ANSWERS: Record<string, string> = {
  // HEAD's content-length is the resource's: 50 MB here, far over the 1 KiB limit of this test.
  'HEAD /large': 'HTTP/1.1 200 OK\r\ncontent-length: 50000000\r\n\r\n',
  // RFC 9110 lets a 304 carry the length of the representation it stands for.
  'GET /cached': 'HTTP/1.1 304 Not Modified\r\ncontent-length: 20\r\netag: "abc"\r\n\r\n',
  'DELETE /item': 'HTTP/1.1 204 No Content\r\ncontent-length: 20\r\n\r\n',
  // A reason phrase in another script: no Response could carry it, the status is what counts.
  'POST /items':
    'HTTP/1.1 201 \u0421\u043e\u0437\u0434\u0430\u043d\u043e\r\ncontent-type: application/json\r\ncontent-length: 8\r\n\r\n{"id":1}',
};

function rawServer(): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((socket) => {
    socket.on('data', (data) => {
      const requestLine = data.toString('latin1').split('\r\n')[0];
      const [method, path] = requestLine.split(' ');
      socket.write(
        Buffer.from(
          ANSWERS[`${method} ${path}`] ?? 'HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n',
          'utf8',
        ),
      );
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

describe('answers that carry no body are read by their status', () => {
  let raw: { server: Server; baseUrl: string };

  beforeAll(async () => {
    raw = await rawServer();
  });
  afterAll(() => new Promise<void>((resolve) => raw.server.close(() => resolve())));

  const client = () =>
    httpFixture({ baseUrl: raw.baseUrl, binding: { maxResponseBytes: 1024 } }).client({ effect: 'write' });

  it('answers a HEAD of a resource larger than the limit: its length is not a body', async () => {
    const response = await client().request({ method: 'HEAD', path: '/large' });
    expect(response).toMatchObject({ status: 200, body: null });
    expect(response.headers['content-length']).toBe('50000000');
  });

  it('answers a 304 that names a length, when the step accepts 304', async () => {
    const response = await client().request({ path: '/cached', acceptStatus: [304] });
    expect(response).toMatchObject({ status: 304, body: null, headers: { etag: '"abc"' } });
  });

  it('answers a 204 that names a length', async () => {
    const response = await client().request({ method: 'DELETE', path: '/item' });
    expect(response).toMatchObject({ status: 204, body: null });
  });

  it('answers a write whose reason phrase is not ASCII by its status: it was done', async () => {
    const response = await client().request({ method: 'POST', path: '/items', json: {} });
    expect(response).toMatchObject({ status: 201, body: { id: 1 } });
  });
});
