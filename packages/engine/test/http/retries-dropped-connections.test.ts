import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { failure, httpFixture } from './support/http-fixture.js';
import { itemsEmulator } from './support/items-emulator.js';

/** A loopback port nothing listens on: a server is opened there and closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a request whose connection fails is retried where safe and explained otherwise', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await itemsEmulator();
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  it('retries a read after a dropped connection', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', drop: true });
    const response = await fixture.client().get('/items');
    expect(response.body).toEqual([{ id: 1 }]);
    expect(emulator.requests.map((request) => request.fault ?? request.status)).toEqual(['drop', 200]);
    expect(fixture.exchanges.map((exchange) => exchange.error ?? exchange.status)).toEqual([
      expect.stringMatching(/connection was dropped/),
      200,
    ]);
  });

  it('reports unavailable, naming the host and what happened, when the connection keeps dropping', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ path: '/items', drop: true, times: Number.POSITIVE_INFINITY });
    const error = await failure(fixture.client().get('/items'));
    const host = new URL(emulator.baseUrl).host;
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      `Could not get an answer from Demo (${host}) to GET /items: the connection was dropped before the answer was complete`,
    );
    expect(error.details).toMatchObject({ network: 'dropped', host });
    expect(emulator.requests).toHaveLength(4);
  });

  it('does not retry a dropped POST of a write step: the API may have processed it', async () => {
    const fixture = httpFixture({ baseUrl: emulator.baseUrl });
    emulator.faults.inject({ method: 'POST', path: '/items', drop: true });
    const error = await failure(
      fixture.client({ effect: 'write' }).request({ method: 'POST', path: '/items', json: {} }),
    );
    expect(error.details).toMatchObject({ network: 'dropped' });
    expect(emulator.requests).toHaveLength(1);
  });

  it('reports a refused connection, and retries it even for a write since nothing was sent', async () => {
    const port = await closedPort();
    const fixture = httpFixture({ baseUrl: `http://127.0.0.1:${port}`, binding: { maxAttempts: 2 } });
    const error = await failure(
      fixture.client({ effect: 'write' }).request({ method: 'POST', path: '/items', json: {} }),
    );
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/the connection was refused$/);
    expect(error.details).toMatchObject({ network: 'refused', host: `127.0.0.1:${port}` });
    expect(fixture.clock.sleeps).toHaveLength(1);
  });
});
