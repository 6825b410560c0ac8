import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failure, httpFixture } from '../../http/support/http-fixture.js';

// fetch's abort listener hangs off an `AbortSignal.any` that nothing holds once the headers are in:
// only a collection shows whether the timeout still reaches the body.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Sends the headers at once, then one byte of body every few ms, forever; keeps when each answer closed. */
function drippingServer() {
  const closed = new Map<string, Promise<void>>();
  const server = createServer((request, response) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (request.url === '/declared') headers['content-length'] = '1000';
    response.writeHead(200, headers);
    response.write('[');
    const drip = setInterval(() => response.write(' '), 5);
    closed.set(
      String(request.url),
      new Promise((done) => response.once('close', () => done(clearInterval(drip)))),
    );
  });
  return { server, closed };
}

describe('timeoutMs bounds reading the body, not only the headers', () => {
  let server: Server;
  let closed: Map<string, Promise<void>>;
  let baseUrl: string;

  beforeAll(async () => {
    ({ server, closed } = drippingServer());
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  it.each([
    ['a body of unknown length', '/chunked'],
    ['a body whose declared length never arrives', '/declared'],
  ])(
    'fails a request whose answer drips in forever as timeout, garbage collection or not (%s)',
    async (_, path) => {
      const fixture = httpFixture({ baseUrl, binding: { timeoutMs: 2_000, maxAttempts: 1 } });
      const collecting = setInterval(collectGarbage, 20);
      try {
        const error = await failure(fixture.client().get(path));
        expect(error).toMatchObject({ code: 'timeout', details: { path, timeoutMs: 2_000 } });
      } finally {
        clearInterval(collecting);
      }
      // The connection is released, not left dripping into nothing.
      await expect(closed.get(path)).resolves.toBeUndefined();
    },
    15_000,
  );
});
