import type { IncomingMessage, ServerResponse } from 'node:http';
import { bindingIdOfPath } from './hook-route.js';
import type { DeliveryReceiver, ReceiverAnswer } from './receive-delivery.js';
import { concat } from './web-hook-handler.js';

/**
 * A Node `http` handler, also usable as Express/Connect middleware: a request for another path goes
 * to `next` when one is given, and is answered 404 otherwise.
 */
export type NodeHookHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next?: () => void,
) => Promise<void>;

/** The receiver behind a Node handler, answering `POST <basePath>/hooks/<bindingId>`. */
export function nodeHookHandler(receive: DeliveryReceiver, basePath: string): NodeHookHandler {
  return async (request, response, next) => {
    const bindingId = bindingIdOfTarget(request.url, basePath);
    if (bindingId === undefined && next !== undefined) return next();
    const body = new BodyReader(request);
    let answer: ReceiverAnswer;
    try {
      answer =
        bindingId === undefined
          ? { status: 404, body: { error: 'not a binding URL' } }
          : await receive({
              bindingId,
              method: request.method ?? 'GET',
              headers: flatHeaders(request),
              readBody: (take) => body.read(take),
            });
    } catch {
      // The sender went away mid-body, most likely: nothing was kept, and there may be no one to answer.
      answer = { status: 400, body: { error: 'the delivery could not be read' } };
    }
    if (response.headersSent || response.destroyed) return;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...answer.headers };
    // A body left unread is not drained: the connection closes once the answer is sent.
    if (!body.finished) headers.connection = 'close';
    response.writeHead(answer.status, headers);
    response.end(JSON.stringify(answer.body));
  };
}

/** The binding a request target names; a target no URL parser takes (`//[`) names none. */
function bindingIdOfTarget(target: string | undefined, basePath: string): string | undefined {
  if (!URL.canParse(target ?? '/', 'http://receiver')) return undefined;
  return bindingIdOfPath(new URL(target ?? '/', 'http://receiver').pathname, basePath);
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * Reads a request body as far as `take` admits its chunks, and stops reading (pauses the socket)
 * at the first it refuses. Settles once, whichever comes first: the end, an error, or the
 * request closed before its end (its sender gone).
 */
class BodyReader {
  finished = false;

  constructor(private readonly request: IncomingMessage) {}

  read(take: (bytes: number) => boolean): Promise<Uint8Array | undefined> {
    const { request } = this;
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      const stop = () => {
        request.off('data', onData);
        request.off('end', onEnd);
        request.off('error', onError);
        request.off('close', onClose);
      };
      const onData = (chunk: Buffer) => {
        if (!take(chunk.byteLength)) {
          stop();
          request.pause();
          resolve(undefined);
          return;
        }
        size += chunk.byteLength;
        chunks.push(chunk);
      };
      const onEnd = () => {
        stop();
        this.finished = true;
        resolve(concat(chunks, size));
      };
      const onError = (error: Error) => {
        stop();
        reject(error);
      };
      const onClose = () => {
        stop();
        reject(new Error('The request closed before its body ended'));
      };
      // Gone before anything was read: no event would ever come.
      if (request.destroyed) {
        onClose();
        return;
      }
      request.on('data', onData);
      request.on('end', onEnd);
      request.on('error', onError);
      request.on('close', onClose);
    });
  }
}
