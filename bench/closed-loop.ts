import { performance } from 'node:perf_hooks';

/** One closed-loop sample: its wall time and each call's latency, in ms. */
export interface LoopSample {
  wallMs: number;
  latenciesMs: number[];
}

/**
 * Calls `work` `total` times, never more than `inFlight` at once: each lane starts the next call as
 * its last one ends, so throughput is compared at the same concurrency whatever runs the calls.
 */
export async function closedLoop(
  total: number,
  inFlight: number,
  work: (index: number) => Promise<unknown>,
): Promise<LoopSample> {
  const latenciesMs: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < total) {
      const index = next++;
      const start = performance.now();
      await work(index);
      latenciesMs.push(performance.now() - start);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(inFlight, total) }, lane));
  return { wallMs: performance.now() - start, latenciesMs };
}
