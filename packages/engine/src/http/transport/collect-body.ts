import type { Readable } from 'node:stream';

/** No one reads a discarded body: the error its destruction emits must not go unhandled. */
const ignore = () => undefined;

/** Where an answer of unknown length starts: most JSON answers fit, larger ones double from here. */
const FIRST_CAPACITY = 16 * 1024;

/** Drops a body unread: its connection is closed rather than drained. */
export function discardBody(body: Readable): void {
  body.on('error', ignore);
  body.destroy();
}

/** Lets a body that has nothing to read end on its own, so its connection can serve the next request. */
export function drainEmptyBody(body: Readable): void {
  body.on('error', ignore);
  body.resume();
}

/**
 * Reads a body to its end into one buffer of at most `maxBytes`: once more arrive, the body is
 * destroyed (its connection closed, the rest never read) and the answer is `undefined`. Chunks are
 * copied as they come, never kept: each is a view of a socket read buffer, so keeping a million
 * 1-byte chunks would hold a million buffers. Rejects with the body's error (e.g. its abort).
 */
export function collectBody(body: Readable, maxBytes: number, declared: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.allocUnsafe(
      Math.min(maxBytes, Number.isFinite(declared) && declared >= 0 ? declared : FIRST_CAPACITY),
    );
    let received = 0;
    const stop = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      // A late abort of a finished body must not throw from nowhere.
      body.on('error', ignore);
    };
    const onData = (chunk: Buffer) => {
      const needed = received + chunk.length;
      if (needed > maxBytes) {
        stop();
        body.destroy();
        resolve(undefined);
        return;
      }
      if (needed > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(maxBytes, Math.max(needed, buffer.length * 2)));
        buffer.copy(grown, 0, 0, received);
        buffer = grown;
      }
      chunk.copy(buffer, received);
      received = needed;
    };
    const onEnd = () => {
      stop();
      resolve(buffer.subarray(0, received));
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
