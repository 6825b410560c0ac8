import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UndiciTransport } from '../../../src/http/transport/undici-transport.js';

const OPTIONS = { signal: new AbortController().signal, maxResponseBytes: 1024 };

describe('a closed transport sends nothing, whether or not it sent before', () => {
  let server: Server;
  let url: string;
  let received = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      received += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a send after close when it never sent (its connection pool was never opened)', async () => {
    const transport = new UndiciTransport();
    await transport.close();
    const before = received;
    await expect(transport.fetch(new Request(url), OPTIONS)).rejects.toThrow();
    expect(received).toBe(before);
  });

  it('refuses a send after close when it sent before', async () => {
    const transport = new UndiciTransport();
    const answer = await transport.fetch(new Request(url), OPTIONS);
    expect(await answer.text()).toBe('ok');
    await transport.close();
    const before = received;
    await expect(transport.fetch(new Request(url), OPTIONS)).rejects.toThrow();
    expect(received).toBe(before);
  });

  it('sends what was sent before a close, even while the pool was still being opened, and nothing after', async () => {
    const transport = new UndiciTransport();
    const first = transport.fetch(new Request(url), OPTIONS).then((answer) => answer.text());
    await transport.close();
    expect(await first).toBe('ok');
    const before = received;
    await expect(transport.fetch(new Request(url), OPTIONS)).rejects.toThrow();
    expect(received).toBe(before);
  });
});
