/** One benchmark's outcome, as printed and written to results.json. */
export interface BenchResult {
  id: string;
  name: string;
  /** Medians of the samples (or the peak, for memory), in the unit each name says. */
  metrics: Record<string, number>;
  target: { metric: string; max: number; description: string };
  pass: boolean;
  /** How it was measured: sample counts, where the emulator ran, anything that qualifies the numbers. */
  method: Record<string, unknown>;
}

export function judged(result: Omit<BenchResult, 'pass'>): BenchResult {
  const value = result.metrics[result.target.metric];
  if (value === undefined) throw new Error(`${result.id} has no metric "${result.target.metric}"`);
  return { ...result, pass: value <= result.target.max };
}
