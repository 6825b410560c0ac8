import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createEngine, type RunResult } from '@toolsteps/engine';
import { spawnBenchEmulator, startBenchEmulator } from './bench-emulator.js';
import { benchAccount, benchIntegration } from './bench-integration.js';
import { median, round } from './measure.js';
import { type BenchResult, judged } from './result.js';

const RUNS = 1000;
const WARMUP_RUNS = 50;
/** Long enough that every run has sent its request before the first answer comes back. */
const DELAY_MS = 2000;
const SAMPLE_EVERY_MS = 10;
/** Fresh processes measured: RSS moves by several KB per run from one process to the next. */
const REPEATS = 5;
const KB = 1024;

interface Plan {
  /** The emulator to use; none: start one in the measuring process itself. */
  baseUrl?: string;
}

interface Measurement {
  baselineRssBytes: number;
  peakRssBytes: number;
  baselineHeapBytes: number;
  /** Heap in use after a full GC taken while every run is still waiting: what the runs retain. */
  retainedHeapBytes: number;
  /** Only when the emulator ran in the measuring process. */
  peakInFlight?: number;
  launchMs: number;
}

/**
 * B3: the memory a waiting run holds. 1,000 runs each wait on a slow answer; RSS is sampled while
 * they are all in flight, against a baseline taken after warm-up and GC, each time in a fresh
 * process (with --expose-gc) so nothing earlier is counted. Judged with the emulator in its own
 * process, so only the engine's side is counted; the same measurement with the emulator in the
 * measured process is reported beside it.
 */
export async function benchMemoryInFlight(): Promise<BenchResult> {
  const emulator = await spawnBenchEmulator({ delayMs: DELAY_MS });
  const remote: Measurement[] = [];
  const peaks: number[] = [];
  try {
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      await emulator.reset();
      remote.push(await measureInChild({ baseUrl: emulator.baseUrl }));
      peaks.push(await emulator.peakInFlight());
    }
  } finally {
    await emulator.close();
  }
  const local = await measureInChild({});
  if (peaks.some((peak) => peak < RUNS) || (local.peakInFlight ?? 0) < RUNS) {
    throw new Error(
      `B3: not all ${RUNS} runs were in flight at once (peaks ${peaks.join(', ')}): raise DELAY_MS`,
    );
  }
  const rssPerRun = (m: Measurement) => (m.peakRssBytes - m.baselineRssBytes) / RUNS / KB;
  const heapPerRun = (m: Measurement) => (m.retainedHeapBytes - m.baselineHeapBytes) / RUNS / KB;
  return judged({
    id: 'B3',
    name: `memory (${RUNS} runs in flight at once)`,
    metrics: {
      rssKbPerRun: round(median(remote.map(rssPerRun)), 1),
      retainedHeapKbPerRun: round(median(remote.map(heapPerRun)), 1),
      baselineRssMb: round(median(remote.map((m) => m.baselineRssBytes)) / KB / KB, 1),
      peakRssMb: round(median(remote.map((m) => m.peakRssBytes)) / KB / KB, 1),
      peakInFlight: Math.min(...peaks),
      rssKbPerRunEmulatorInProcess: round(rssPerRun(local), 1),
    },
    targets: [{ metric: 'rssKbPerRun', max: 50, description: 'peak RSS growth per in-flight run <= 50 KB' }],
    method: {
      runs: RUNS,
      answerDelayMs: DELAY_MS,
      workflow: 'one bench.get step (one GET through ctx.http) per run',
      emulator:
        'judged with the emulator in a child process, so only the engine side is counted; rssKbPerRunEmulatorInProcess is the same measurement with the emulator in the measured process',
      baseline: `after ${WARMUP_RUNS} warm-up runs and two full GCs (--expose-gc)`,
      peak: `highest RSS sampled every ${SAMPLE_EVERY_MS} ms from launch until the runs finished`,
      retainedHeap: 'heap used after a full GC taken while every run was still waiting',
      repeats: `${REPEATS} fresh processes, median reported`,
      rssKbPerRunSamples: remote.map((m) => round(rssPerRun(m), 1)),
      retainedHeapKbPerRunSamples: remote.map((m) => round(heapPerRun(m), 1)),
      launchMs: remote.map((m) => round(m.launchMs)),
    },
  });
}

function measureInChild(plan: Plan): Promise<Measurement> {
  const child = fork(fileURLToPath(import.meta.url), ['--measure', JSON.stringify(plan)], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Measurement));
    child.once('exit', (code) =>
      reject(new Error(`The B3 measurement process exited (code ${code}) without a result`)),
    );
  });
}

async function measure(plan: Plan): Promise<Measurement> {
  const gc = globalThis.gc;
  if (!gc) throw new Error('B3 needs --expose-gc');
  const local = plan.baseUrl === undefined ? await startBenchEmulator({ delayMs: DELAY_MS }) : undefined;
  try {
    const baseUrl = plan.baseUrl ?? local!.baseUrl;
    const engine = await createEngine({
      integrations: [benchIntegration],
      accounts: [benchAccount(baseUrl)],
    });
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
    local?.reset();
    if (local) local.faults.inject({ path: '/items/*', delayMs: DELAY_MS, times: Infinity });

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

    return {
      baselineRssBytes: baseline.rss,
      peakRssBytes: peakRss,
      baselineHeapBytes: baseline.heapUsed,
      retainedHeapBytes: retainedHeap,
      peakInFlight: local?.peakInFlight,
      launchMs,
    };
  } finally {
    await local?.close();
  }
}

function check(results: RunResult[]): void {
  const failed = results.find((result) => result.status !== 'succeeded' || result.output !== 42);
  if (failed) throw new Error(`B3 run went wrong: ${JSON.stringify(failed.error ?? failed.output)}`);
}

if (process.argv[2] === '--measure') {
  const result = await measure(JSON.parse(process.argv[3] ?? '{}') as Plan);
  process.send?.(result);
  process.disconnect();
}
