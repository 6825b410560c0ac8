import type { Readable } from 'node:stream';

/** No one reads a discarded body: the error its destruction emits must not go unhandled. */
const ignore = () => undefined;

/** Drops a body unread: its connection is closed rather than drained. */
export function discardBody(body: Readable): void {
  body.on('error', ignore);
  body.destroy();
}

/**
 * Reads a body to its end, holding at most `maxBytes`: once more arrive, the body is destroyed (its
 * connection closed, the rest never read) and the answer is `undefined`. Rejects with the body's
 * error, e.g. the abort of the request's signal.
 */
export function collectBody(body: Readable, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      // A late abort of a finished body must not throw from nowhere.
      body.on('error', ignore);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      body.destroy();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}
