import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received, and how its connection ended. */
export interface TokenCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Resolves once the exchange is over: answered, or the client closed the connection. */
  closed: Promise<void>;
  /** True once the client went away before the answer was complete. */
  readonly abandoned: boolean;
}

export interface TokenServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly calls: readonly TokenCall[];
  /** Resolves with the next call, or the latest one already received when `index` is given. */
  call(index: number): Promise<TokenCall>;
  close(): Promise<void>;
}

/**
 * A bare HTTP server on 127.0.0.1 for the token endpoint (or the host a redirect names): each call is
 * recorded with its body, and `answer` writes whatever the test needs, including nothing at all.
 */
export async function startTokenServer(
  answer: (call: TokenCall, response: ServerResponse) => void,
): Promise<TokenServer> {
  const calls: TokenCall[] = [];
  const waiters = new Map<number, (call: TokenCall) => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let abandoned = false;
      const closed = new Promise<void>((resolve) =>
        response.once('close', () => {
          abandoned = !response.writableFinished;
          resolve();
        }),
      );
      const call: TokenCall = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        closed,
        get abandoned() {
          return abandoned;
        },
      };
      calls.push(call);
      waiters.get(calls.length - 1)?.(call);
      answer(call, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    call: (index) =>
      index < calls.length
        ? Promise.resolve(calls[index])
        : new Promise((resolve) => waiters.set(index, resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers a JSON body with a status. */
export function json(response: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json' }).end(text);
}
