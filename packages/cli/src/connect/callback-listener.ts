import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../exit-codes.js';

/** The address the provider sends the browser back to: loopback, so the code never leaves the machine. */
const HOST = '127.0.0.1';
const CALLBACK_PATH = '/callback';
/** A browser sends its request at once; a connection that dawdles must not hold the listener. */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * The page cannot load anything (scripts, images, frames) and tells nobody where it came from: its
 * URL carried the authorization code. Only its own inline style applies.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  connection: 'close',
};

/** The browser's return: the URL it came back to, and how to answer it. */
export interface Callback {
  url: string;
  /** Sends the page, then closes the listener: it takes one callback. */
  answer(status: number, html: string): Promise<void>;
}

export interface CallbackListener {
  /** `http://127.0.0.1:<port>/callback`, the redirect URI the authorization names. */
  readonly redirectUri: string;
  /** The first `GET /callback`; other paths get 404 and do not count. Rejects with the signal's reason. */
  callback(signal: AbortSignal): Promise<Callback>;
  close(): Promise<void>;
}

/**
 * Listens on loopback for the one callback of an authorization. Only requests addressed to the
 * redirect URI's own host and port count (421 otherwise): a page the browser visits cannot reach it
 * under another name (DNS rebinding). Other paths, such as the browser's `/favicon.ico`, get 404.
 */
export async function listenForCallback(port: number): Promise<CallbackListener> {
  let taken = false;
  let deliver!: (callback: Callback) => void;
  const arrived = new Promise<Callback>((resolve) => {
    deliver = resolve;
  });
  const server = createServer({ requestTimeout: REQUEST_TIMEOUT_MS }, (request, response) => {
    const refusal = refused(request, authority());
    if (refusal) return plain(response, refusal.status, refusal.text, refusal.headers);
    if (taken)
      return plain(response, 409, 'This authorization was already answered: return to the terminal.');
    taken = true;
    deliver({
      url: `http://${authority()}${request.url}`,
      answer: (status, html) =>
        new Promise<void>((resolve) => {
          // Closed too when the browser went away first: the listener closes either way.
          response.once('close', resolve);
          response.writeHead(status, PAGE_HEADERS).end(html);
        }).then(close),
    });
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new UsageError(
              `Port ${port} on ${HOST} ${error.code === 'EADDRINUSE' ? 'is in use' : 'needs privileges this process lacks'}: pass another --port, or none for a free one`,
            )
          : error,
      ),
    );
    server.listen(port, HOST, () => resolve());
  });
  const authority = () => `${HOST}:${(server.address() as AddressInfo).port}`;
  return {
    redirectUri: `http://${authority()}${CALLBACK_PATH}`,
    callback: (signal) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        void arrived.then((callback) => {
          signal.removeEventListener('abort', onAbort);
          resolve(callback);
        });
      }),
    close,
  };
}

/** Why a request is not the callback, if it is not. */
function refused(
  request: IncomingMessage,
  authority: string,
): { status: number; text: string; headers?: Record<string, string> } | undefined {
  if (request.headers.host !== authority)
    return { status: 421, text: `This listener answers requests to ${authority} only.` };
  const path = new URL(request.url ?? '/', `http://${authority}`).pathname;
  if (path !== CALLBACK_PATH) return { status: 404, text: 'Not found.' };
  if (request.method !== 'GET')
    return { status: 405, text: 'The callback is a GET.', headers: { allow: 'GET' } };
  return undefined;
}

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  response
    .writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    })
    .end(`${text}\n`);
}
