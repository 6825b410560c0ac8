import { StepError } from '../contracts/step-error.js';
import type { ExchangeLabel } from './response-error.js';

/**
 * Reads a body as text, refusing it once it passes `maxBytes`: the declared length is checked first,
 * then bytes are counted as they stream in, and reading stops at the limit. With a `signal`, its
 * abort cancels the read at once (and closes the connection), whatever else holds fetch's signal.
 */
export async function readBodyText(
  response: Response,
  maxBytes: number,
  label: ExchangeLabel,
  signal?: AbortSignal,
): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    const size =
      formatBytes(declared) === formatBytes(maxBytes) ? `${declared} bytes` : formatBytes(declared);
    throw tooLarge(label, maxBytes, `declares ${size}`);
  }
  if (response.body === null) return '';
  // A declared length within the limit bounds an uncompressed body (fetch inflates compressed ones,
  // so those are counted as they stream). `text()` cannot be cancelled: only without a signal.
  if (Number.isFinite(declared) && !response.headers.has('content-encoding') && signal === undefined) {
    return response.text();
  }
  signal?.throwIfAborted();
  const reader = response.body.getReader();
  // fetch's own abort listener hangs off a signal that may be garbage-collected once the headers
  // are in (ky hands fetch an `AbortSignal.any`): this listener is held by the caller's signal.
  const cancel = () => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const decoder = new TextDecoder();
    let received = 0;
    let text = '';
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
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

function tooLarge(label: ExchangeLabel, maxBytes: number, what: string): StepError {
  return new StepError({
    code: 'upstream',
    retryable: false,
    message: `${label.integrationTitle}'s answer to ${label.method} ${label.relative} ${what}, over the ${formatBytes(maxBytes)} limit (maxResponseBytes): ask for less at a time (smaller pages, fewer fields)`,
    details: { method: label.method, path: label.relative, maxResponseBytes: maxBytes },
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
