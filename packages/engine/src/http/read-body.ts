import { StepError } from '../contracts/step-error.js';
import type { ExchangeLabel } from './response-error.js';

/**
 * Reads a body as text, refusing it once it passes `maxBytes`: the declared length is checked first,
 * then bytes are counted as they stream in, and reading stops at the limit.
 */
export async function readBodyText(
  response: Response,
  maxBytes: number,
  label: ExchangeLabel,
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
  // so those are counted as they stream).
  if (Number.isFinite(declared) && !response.headers.has('content-encoding')) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(label, maxBytes, `passed ${formatBytes(maxBytes)} while streaming`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
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
