/** A limit one metric of a benchmark must stay within: at most `max`, or at least `min`. */
export type Target = { metric: string; description: string } & ({ max: number } | { min: number });

/** One benchmark's outcome, as printed and written to results.json. */
export interface BenchResult {
  id: string;
  name: string;
  /** Medians of the samples (or the peak, for memory), in the unit each name says. */
  metrics: Record<string, number>;
  /** Every target the benchmark is judged on; it passes when all of them do. */
  targets: Array<Target & { pass: boolean }>;
  pass: boolean;
  /** How it was measured: sample counts, where the emulator ran, anything that qualifies the numbers. */
  method: Record<string, unknown>;
}

export function judged(result: Omit<BenchResult, 'pass' | 'targets'> & { targets: Target[] }): BenchResult {
  const targets = result.targets.map((target) => {
    const value = result.metrics[target.metric];
    if (value === undefined) throw new Error(`${result.id} has no metric "${target.metric}"`);
    return { ...target, pass: 'max' in target ? value <= target.max : value >= target.min };
  });
  return { ...result, targets, pass: targets.every((target) => target.pass) };
}
