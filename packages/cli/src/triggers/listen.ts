import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../exit-codes.js';

/** A server whose handler is set once the host behind it exists; until then it answers 503. */
export interface LateServer {
  server: Server;
  port: number;
  handle(listener: RequestListener): void;
  close(): Promise<void>;
}

/** Third parties give up long before this (GitHub after 10 s): a slow sender must not hold a socket. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Listens first, so the port (and a `--port 0` choice) is known before hooks are registered with
 * its URL, and so a third party's ping at registration finds someone answering.
 */
export async function listen(port: number, host: string): Promise<LateServer> {
  let listener: RequestListener = (_request, response) => {
    response.writeHead(503, { 'retry-after': '1', 'content-type': 'application/json' });
    response.end('{"error":"starting"}');
  };
  const server = createServer({ requestTimeout: REQUEST_TIMEOUT_MS }, (request, response) => {
    // A handler's fault answers that one request: a request must never end the process.
    Promise.resolve()
      .then(() => listener(request, response))
      .catch(() => {
        if (response.headersSent) response.destroy();
        else response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"internal"}');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new UsageError(`Port ${port} on ${host} is in use: pass another --port (0 picks a free one)`)
          : error,
      );
    });
    server.listen(port, host, resolve);
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    handle: (next) => {
      listener = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Senders keep connections alive; they would hold the close open.
        server.closeIdleConnections();
      }),
  };
}

/** `--port`: a whole number from 0 (any free port) to 65535. */
export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new UsageError(`--port must be 0 to 65535 (got "${text}")`);
  return port;
}
