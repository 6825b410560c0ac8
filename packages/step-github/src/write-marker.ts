import type { SentWrite } from '@toolsteps/sdk';

/**
 * The hidden mark a create step leaves in the body it writes: an HTML comment, which GitHub keeps
 * in the body but does not render. It carries the call's idempotency key, so the step's probe can
 * tell its own issue or comment from any other after a crash left the write in flight.
 */
export function writeMarker(idempotencyKey: string): string {
  return `<!-- toolsteps:${idempotencyKey} -->`;
}

/** The body with the marker at its end (the marker alone for an empty body). */
export function withWriteMarker(body: string | undefined, idempotencyKey: string): string {
  const marker = writeMarker(idempotencyKey);
  return body === undefined || body === '' ? marker : `${body}\n\n${marker}`;
}

/** GitHub keeps bodies of up to 65,536 characters: what a step takes leaves room for the marker. */
export const MAX_MARKED_BODY = 65536 - (withWriteMarker('x', '0'.repeat(32)).length - 'x'.length);

export function carriesWriteMarker(body: string | null | undefined, idempotencyKey: string): boolean {
  return typeof body === 'string' && body.includes(writeMarker(idempotencyKey));
}

/** Our clock and GitHub's may disagree: the probe looks this far before the recorded send. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The earliest time the write could have been stamped by GitHub, as its `since` parameter wants it
 * (ISO 8601), or undefined when no send was recorded.
 */
export function sentSince(sent: readonly SentWrite[]): string | undefined {
  if (sent.length === 0) return undefined;
  const first = Math.min(...sent.map((write) => write.at));
  return new Date(first - CLOCK_SKEW_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
