/** Of a token's announced lifetime, at most this share is spent waiting for its refresh. */
export const REFRESH_AHEAD_FRACTION = 0.1;

/**
 * How long before expiry a token is refreshed: the integration's window, but never more than a
 * fraction of the lifetime the token was granted with, so a token living less than the window is
 * not refreshed on every request. Unknown lifetime (a token read from the vault): the full window,
 * which can fire once for that token only, since its successor's lifetime is known.
 */
export function refreshAheadMs(windowMs: number, lifetimeMs: number | undefined): number {
  return lifetimeMs === undefined ? windowMs : Math.min(windowMs, lifetimeMs * REFRESH_AHEAD_FRACTION);
}
