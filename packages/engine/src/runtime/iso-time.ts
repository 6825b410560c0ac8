/** The furthest instant a Date can hold either side of 1970 (ECMAScript: 8.64e15 ms). */
const MAX_TIME_MS = 8.64e15;

/**
 * An instant as ISO 8601 text that never throws. Reset and retry times come from upstream headers,
 * and an absurd one (`Retry-After: 1e16`) must end in a clear error, not a RangeError from Date.
 */
export function isoTime(ms: number): string {
  const clamped = Number.isNaN(ms) ? 0 : Math.min(Math.max(ms, -MAX_TIME_MS), MAX_TIME_MS);
  return new Date(clamped).toISOString();
}
