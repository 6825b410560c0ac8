import { type ClientRequest, request as httpRequest } from 'node:http';

/** How the receiver answered a raw sender, or `closed` when the connection ended without an answer. */
export interface RawAnswer {
  status: number | 'closed';
  headers: Record<string, string | string[] | undefined>;
}

export interface RawSend {
  headers: Record<string, string>;
  /** Chunks written one after the other; without `content-length` in `headers` the body is chunked. */
  chunks: readonly Uint8Array[];
  /** Resolved before each chunk after the first (its index): how a slow sender paces itself. */
  beforeChunk?: (index: number) => Promise<void>;
}

/** A webhook sender at the socket level: any headers, a body written chunk by chunk, the answer whenever it comes. */
export function rawSend(url: string, send: RawSend): { answer: Promise<RawAnswer>; request: ClientRequest } {
  const request = httpRequest(url, { method: 'POST', headers: send.headers, agent: false });
  const answer = new Promise<RawAnswer>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    // Answered before the body ended, the connection closes under the rest: expected, not a failure.
    request.on('error', () => resolve({ status: 'closed', headers: {} }));
    request.on('close', () => resolve({ status: 'closed', headers: {} }));
  });
  void (async () => {
    for (const [index, chunk] of send.chunks.entries()) {
      if (index > 0) await send.beforeChunk?.(index);
      if (request.destroyed) return;
      request.write(chunk);
    }
    request.end();
  })();
  return { answer, request };
}

/** `count` chunks of `bytes` each, all the same bytes (one allocation, however many senders share it). */
export function chunksOf(count: number, bytes: number): Uint8Array[] {
  const chunk = new Uint8Array(bytes).fill(0x20);
  return Array.from({ length: count }, () => chunk);
}

/** Checks `condition` again on every turn of the event loop until it holds. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
