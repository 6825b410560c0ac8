import { bindingIdOfPath } from './hook-route.js';
import type { DeliveryReceiver, ReceiverAnswer } from './receive-delivery.js';

/** A Web-standard handler (`Request → Response`): for Hono, Deno, Bun, or any fetch-style server. */
export type WebHookHandler = (request: Request) => Promise<Response>;

/** The receiver behind a Web-standard handler, answering `POST <basePath>/hooks/<bindingId>`. */
export function webHookHandler(receive: DeliveryReceiver, basePath: string): WebHookHandler {
  return async (request) => {
    const bindingId = bindingIdOfPath(new URL(request.url).pathname, basePath);
    let answer: ReceiverAnswer;
    if (bindingId === undefined) answer = { status: 404, body: { error: 'not a binding URL' } };
    else {
      const headers: Record<string, string> = {};
      // Headers iterate with lowercase names already.
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      answer = await receive({
        bindingId,
        method: request.method,
        headers,
        readBody: (take) => readWebBody(request, take),
      }).catch(() => ({ status: 400, body: { error: 'the delivery could not be read' } }));
    }
    // What was not read is not wanted: stop the sender rather than take it in.
    if (request.body !== null && !request.bodyUsed && !request.body.locked)
      await request.body.cancel().catch(() => undefined);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
}

/** The body, read chunk by chunk; at the first chunk `take` refuses the stream is cancelled and nothing is returned. */
async function readWebBody(
  request: Request,
  take: (bytes: number) => boolean,
): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!take(value.byteLength)) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    size += value.byteLength;
    chunks.push(value);
  }
  return concat(chunks, size);
}

export function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
