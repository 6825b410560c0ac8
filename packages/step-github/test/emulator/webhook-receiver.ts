import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from '@jest/globals';

/** One POST a receiver got: its headers (lowercased names) and its exact body. */
export interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 for tests: keeps every request and resolves `next(n)` once it
 * holds `n` of them, so tests wait for deliveries without timers.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  readonly #waiters: Array<{ count: number; resolve: () => void }> = [];
  #server: Server | undefined;
  url = '';

  /** `status` 0: the receiver never answers (a hung endpoint). */
  async start(status = 200): Promise<this> {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        this.received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
        // No keep-alive: a socket the receiver closes while idle would fail the next delivery.
        if (status !== 0) response.writeHead(status, { connection: 'close' }).end();
        for (const waiter of this.#waiters.filter((one) => this.received.length >= one.count)) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hook`;
    return this;
  }

  /** Resolves once `count` requests have arrived in all. */
  until(count: number): Promise<Received[]> {
    if (this.received.length >= count) return Promise.resolve(this.received);
    return new Promise((resolve) => this.#waiters.push({ count, resolve: () => resolve(this.received) }));
  }

  /** The requests of one event, by `X-GitHub-Event`. */
  of(event: string): Received[] {
    return this.received.filter((one) => one.headers['x-github-event'] === event);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#server?.close(() => resolve());
      this.#server?.closeAllConnections();
    });
  }
}

/** A receiver for one test file: started before its tests, emptied before each, stopped after. */
export function useWebhookReceiver(): WebhookReceiver {
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    await receiver.start();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });
  afterAll(() => receiver.stop());
  return receiver;
}
