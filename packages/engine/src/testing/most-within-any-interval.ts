/**
 * The most of `times` (epoch ms, any order) that fall within any interval of `intervalMs`, wherever
 * it starts: how an API counting "at most N per interval" from any moment on sees them. For tests of a
 * rate limit, on the emulator's `requests[].receivedAt`.
 */
export function mostWithinAnyInterval(times: readonly number[], intervalMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last] - sorted[first] >= intervalMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
