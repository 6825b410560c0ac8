/**
 * The most of `times` (epoch ms, any order) that fall within any window of `windowMs`: how an API
 * counting "at most N per window" from any moment on would see them.
 */
export function mostInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last] - sorted[first] >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
