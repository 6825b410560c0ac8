const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 8_000;
/** `x-ratelimit-reset` above this is an epoch time in seconds, below it a delay in seconds. */
const EPOCH_SECONDS_THRESHOLD = 1_000_000_000;

/**
 * The wait an answer asks for, in ms: `Retry-After` (seconds or an HTTP date), else the reset of an
 * exhausted rate limit (`x-ratelimit-reset` epoch seconds, `ratelimit-reset` seconds from now).
 */
export function requestedWaitMs(headers: Record<string, string>, now: number): number | undefined {
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  if (!isExhausted(headers)) return undefined;
  const reset = resetAt(headers, now);
  return reset === undefined ? undefined : Math.max(0, reset - now);
}

/** What an answer says of its quota: requests left and when the window resets (epoch ms). */
export function quotaReset(
  headers: Record<string, string>,
  now: number,
): { remaining: number; resetAt: number } | undefined {
  const remaining = seconds(headers['x-ratelimit-remaining'] ?? headers['ratelimit-remaining']);
  const reset = resetAt(headers, now);
  return remaining === undefined || reset === undefined ? undefined : { remaining, resetAt: reset };
}

function resetAt(headers: Record<string, string>, now: number): number | undefined {
  const epochOrDelay = seconds(headers['x-ratelimit-reset']);
  if (epochOrDelay !== undefined) {
    return epochOrDelay > EPOCH_SECONDS_THRESHOLD
      ? Math.ceil(epochOrDelay * 1000)
      : now + Math.ceil(epochOrDelay * 1000);
  }
  const delay = seconds(headers['ratelimit-reset']);
  return delay === undefined ? undefined : now + Math.ceil(delay * 1000);
}

/** True when the answer says no requests remain in the current rate-limit window. */
export function isExhausted(headers: Record<string, string>): boolean {
  return seconds(headers['x-ratelimit-remaining'] ?? headers['ratelimit-remaining']) === 0;
}

/** Exponential backoff with full jitter (AWS's recommendation): spreads retries of many clients. */
export function backoffMs(retryNumber: number, capMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, retryNumber - 1));
  return Math.floor(random() * ceiling);
}

function seconds(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}
