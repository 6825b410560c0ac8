import { performance } from 'node:perf_hooks';

/** How one arm of a benchmark is sampled: warm-up rounds are run and thrown away first. */
export interface SampleOptions {
  warmup: number;
  samples: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Milliseconds one call of `work` takes. */
export async function timeOnce(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * Times two arms in alternation (engine, floor, engine, floor, …) so drift of a shared machine
 * (another process, a GC, CPU frequency) falls on both alike. Returns every sample in ms.
 */
export async function sampleArms(
  arms: { engine: () => Promise<unknown>; floor: () => Promise<unknown> },
  options: SampleOptions,
): Promise<{ engine: number[]; floor: number[] }> {
  for (let round = 0; round < options.warmup; round++) {
    await arms.engine();
    await arms.floor();
  }
  const engine: number[] = [];
  const floor: number[] = [];
  for (let round = 0; round < options.samples; round++) {
    engine.push(await timeOnce(arms.engine));
    floor.push(await timeOnce(arms.floor));
  }
  return { engine, floor };
}

/**
 * Times any number of arms in turn, as sampleArms does two: each round runs every arm once, in the
 * order given. Returns every sample of each arm in ms.
 */
export async function sampleEachArm<Name extends string>(
  arms: Record<Name, () => Promise<unknown>>,
  options: SampleOptions,
): Promise<Record<Name, number[]>> {
  const names = Object.keys(arms) as Name[];
  for (let round = 0; round < options.warmup; round++) {
    for (const name of names) await arms[name]();
  }
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let round = 0; round < options.samples; round++) {
    for (const name of names) samples[name].push(await timeOnce(arms[name]));
  }
  return samples;
}

/** Like sampleArms, and also the CPU time (user + system, µs) each sample took in this process. */
export async function cpuSampleArms(
  arms: { engine: () => Promise<unknown>; floor: () => Promise<unknown> },
  options: SampleOptions,
): Promise<{ engine: number[]; floor: number[]; engineCpuUs: number[]; floorCpuUs: number[] }> {
  const engineCpuUs: number[] = [];
  const floorCpuUs: number[] = [];
  const withCpu = (work: () => Promise<unknown>, into: number[]) => async () => {
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    into.push(used.user + used.system);
  };
  const timed = await sampleArms(
    { engine: withCpu(arms.engine, engineCpuUs), floor: withCpu(arms.floor, floorCpuUs) },
    options,
  );
  // Warm-up rounds went through the same wrappers: keep only the measured samples.
  return {
    ...timed,
    engineCpuUs: engineCpuUs.slice(options.warmup),
    floorCpuUs: floorCpuUs.slice(options.warmup),
  };
}

/** Rounds to `digits` decimals, so results.json stays readable. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
