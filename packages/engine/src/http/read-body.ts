import { StepError } from '@toolsteps/sdk';
import { AttemptSignal } from './attempt-signal.js';
import { formatBytes } from './format-bytes.js';
import type { ExchangeLabel } from './response-error.js';

/** Stateless between calls (non-streaming `decode`): one serves every read. */
const UTF8 = new TextDecoder();

/**
 * Reads a body as text, refusing it once it passes `maxBytes`: the declared length is checked first,
 * then bytes are counted as they stream in, and reading stops at the limit. With an `abort` (a
 * signal, or the send's AttemptSignal), its abort cancels the read at once (and closes the
 * connection), whatever else holds fetch's signal.
 */
export async function readBodyText(
  response: Response,
  maxBytes: number,
  label: ExchangeLabel,
  abort?: AbortSignal | AttemptSignal,
): Promise<string> {
  const signal = abort instanceof AttemptSignal ? abort.signal : abort;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(label, maxBytes, declaresSize(declared, maxBytes));
  }
  if (response.body === null) return '';
  // A declared length within the limit bounds an uncompressed body (fetch inflates compressed ones,
  // so those are counted as they stream). `text()` cannot be cancelled: only without a signal.
  if (Number.isFinite(declared) && !response.headers.has('content-encoding') && signal === undefined) {
    return response.text();
  }
  signal?.throwIfAborted();
  const reader = response.body.getReader();
  // fetch's own abort listener hangs off its Request's signal, which may be garbage-collected once
  // the headers are in: this cancel is held by the caller's signal (or the send's AttemptSignal).
  const cancel = () => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  const release = abort instanceof AttemptSignal ? abort.whenAborted(cancel) : undefined;
  if (release === undefined) signal?.addEventListener('abort', cancel, { once: true });
  try {
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      // A cancelled read ends as if the body were complete: it is not.
      signal?.throwIfAborted();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(label, maxBytes, `passed ${formatBytes(maxBytes)} while streaming`);
      }
      chunks.push(value);
    }
    // Decoded once, by a shared decoder: most answers arrive in a single chunk.
    return UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
  } finally {
    if (release === undefined) signal?.removeEventListener('abort', cancel);
    else release();
  }
}

/** `declares 1025 bytes`: exact when the rounded size would read as the limit itself. */
export function declaresSize(declared: number, maxBytes: number): string {
  const size = formatBytes(declared) === formatBytes(maxBytes) ? `${declared} bytes` : formatBytes(declared);
  return `declares ${size}`;
}

/** The error of an answer over `maxResponseBytes`; `what` says how it was found (`passed 1 KiB while streaming`). */
export function tooLarge(label: ExchangeLabel, maxBytes: number, what: string): StepError {
  return new StepError({
    code: 'upstream',
    retryable: false,
    message: `${label.integrationTitle}'s answer to ${label.method} ${label.relative} ${what}, over the ${formatBytes(maxBytes)} limit (maxResponseBytes): ask for less at a time (smaller pages, fewer fields)`,
    details: { method: label.method, path: label.relative, maxResponseBytes: maxBytes },
  });
}
