import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createEngine, type RunResult } from '../packages/engine/src/index.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { spawnBenchEmulator, startBenchEmulator } from './bench-emulator.js';
import { round } from './measure.js';
import { type BenchResult, judged } from './result.js';

const RUNS = 1000;
const WARMUP_RUNS = 50;
/** Long enough that every run has sent its request before the first answer comes back. */
const DELAY_MS = 2000;
const SAMPLE_EVERY_MS = 10;
const KB = 1024;

type Placement = 'child-process' | 'in-process';

interface Measurement {
  placement: Placement;
  baselineRssBytes: number;
  peakRssBytes: number;
  baselineHeapBytes: number;
  /** Heap in use after a full GC while every run is still waiting: what the runs retain. */
  retainedHeapBytes: number;
  peakInFlight: number;
  launchMs: number;
}

/**
 * B3: the memory a waiting run holds. 1,000 runs each wait on a slow answer; RSS is sampled while
 * they are all in flight, against a baseline taken after warm-up and GC. Measured in a fresh
 * process (with --expose-gc) so earlier benchmarks leave nothing behind, once with the emulator in
 * its own process (the number judged) and once in the same process, to show what it would add.
 */
export async function benchMemoryInFlight(): Promise<BenchResult> {
  const child = await measureInChild('child-process');
  const inProcess = await measureInChild('in-process');
  const perRun = (m: Measurement, from: number, to: number) => round((to - from) / RUNS / KB, 1);
  return judged({
    id: 'B3',
    name: `memory (${RUNS} runs in flight at once)`,
    metrics: {
      rssKbPerRun: perRun(child, child.baselineRssBytes, child.peakRssBytes),
      retainedHeapKbPerRun: perRun(child, child.baselineHeapBytes, child.retainedHeapBytes),
      baselineRssMb: round(child.baselineRssBytes / KB / KB, 1),
      peakRssMb: round(child.peakRssBytes / KB / KB, 1),
      peakInFlight: child.peakInFlight,
      rssKbPerRunEmulatorInProcess: perRun(inProcess, inProcess.baselineRssBytes, inProcess.peakRssBytes),
    },
    target: { metric: 'rssKbPerRun', max: 50, description: 'peak RSS growth per in-flight run <= 50 KB' },
    method: {
      runs: RUNS,
      answerDelayMs: DELAY_MS,
      emulator:
        'judged with the emulator in a child process, so only the engine side is counted; rssKbPerRunEmulatorInProcess shows the same measurement with the emulator in the measured process',
      baseline: `after ${WARMUP_RUNS} warm-up runs and two full GCs (--expose-gc)`,
      peak: `highest RSS sampled every ${SAMPLE_EVERY_MS} ms from launch until the runs finished`,
      retainedHeap: 'heap used after a full GC taken while every run was still waiting',
      launchMs: { childProcess: round(child.launchMs), inProcess: round(inProcess.launchMs) },
    },
  });
}

function measureInChild(placement: Placement): Promise<Measurement> {
  const child = fork(fileURLToPath(import.meta.url), ['--measure', placement], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Measurement));
    child.once('exit', (code) => reject(new Error(`The B3 measurement process exited (code ${code}) without a result`)));
  });
}

async function measure(placement: Placement): Promise<Measurement> {
  const gc = globalThis.gc;
  if (!gc) throw new Error('B3 needs --expose-gc');
  const emulator =
    placement === 'child-process'
      ? await spawnBenchEmulator({ delayMs: DELAY_MS })
      : await startBenchEmulator({ delayMs: DELAY_MS });
  try {
    const engine = await createEngine({ integrations: [benchIntegration], accounts: [benchAccount(emulator.baseUrl)] });
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'memory-in-flight',
        steps: [{ id: 'get', step: 'bench.get', args: { id: '{% $input.id %}' } }],
        output: '{% $steps.get.result.value %}',
      }),
    });
    const launch = (count: number) =>
      Array.from({ length: count }, (_, index) => engine.run(workflow, { id: `item-${index}` }));
    check(await Promise.all(launch(WARMUP_RUNS)));

    gc();
    await sleep(100);
    gc();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, SAMPLE_EVERY_MS);

    const started = performance.now();
    const runs = launch(RUNS);
    const launchMs = performance.now() - started;
    await sleep(DELAY_MS / 2);
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    gc();
    const retainedHeap = process.memoryUsage().heapUsed;
    check(await Promise.all(runs));
    clearInterval(sampler);

    const peakInFlight =
      'peakInFlight' in emulator && typeof emulator.peakInFlight === 'function'
        ? await emulator.peakInFlight()
        : (emulator.peakInFlight as number);
    return {
      placement,
      baselineRssBytes: baseline.rss,
      peakRssBytes: peakRss,
      baselineHeapBytes: baseline.heapUsed,
      retainedHeapBytes: retainedHeap,
      peakInFlight,
      launchMs,
    };
  } finally {
    await emulator.close();
  }
}

function check(results: RunResult[]): void {
  const failed = results.find((result) => result.status !== 'succeeded' || result.output !== 42);
  if (failed) throw new Error(`B3 run went wrong: ${JSON.stringify(failed.error ?? failed.output)}`);
}

if (process.argv[2] === '--measure') {
  const result = await measure(process.argv[3] as Placement);
  process.send?.(result);
  process.disconnect();
}
