/**
 * The nearest-rank percentile: the smallest sample that `share` (0–1) of the samples are at or
 * below. A p99 is then a latency some sample really had, as latency targets are read.
 */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1];
}
