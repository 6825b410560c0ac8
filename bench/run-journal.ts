import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type CompiledWorkflow,
  createEngine,
  type Engine,
  type Journal,
  MemoryJournal,
} from '@toolsteps/engine';
import { SqliteJournal } from '@toolsteps/sqlite';
import { benchAccount, benchIntegration, passSteps } from './bench-integration.js';
import { fileSystemOf, rawFsyncUs } from './disk-sync.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { median, round } from './measure.js';
import { type BenchResult, judged } from './result.js';

/** Under load: enough runs at once that several finish a step in the same turn and share a commit. */
const CONCURRENT = { runs: 100, steps: 20, warmup: 3, samples: 21 };
/** One run at a time: every step's record is a commit of its own. */
const SEQUENTIAL = { steps: 200, warmup: 3, samples: 21 };
/** Fresh processes, the median of their medians reported, as B1 and B6 do. */
const PROCESSES = 3;

type Plan = { concurrent: typeof CONCURRENT; sequential: typeof SEQUENTIAL };

/** memory: MemoryJournal; full: SqliteJournal as shipped (synchronous=FULL); normal: synchronous=NORMAL. */
const ARMS = ['memory', 'full', 'normal'] as const;
type Arm = (typeof ARMS)[number];

/** What one process measured: every sample in µs per step, and the commits the FULL journal made. */
interface ProcessSamples {
  fileSystem: string;
  rawFsyncUs: number;
  concurrentUs: Record<Arm, number[]>;
  concurrentCpuUs: Record<Arm, number[]>;
  sequentialUs: Record<Arm, number[]>;
  concurrentWrites: number;
  concurrentCommits: number;
}

/** The part of better-sqlite3's Database the bench touches. */
interface JournalDb {
  pragma(source: string): unknown;
  transaction(work: () => unknown): () => unknown;
}

/**
 * B5 (part 1): what the run journal costs a step. The same runs of bench.pass steps (no I/O of
 * their own) with the in-memory journal and with the SQLite journal on a file in a fresh temp dir
 * (WAL, synchronous=FULL, group commit); the difference per step is the journal's. Judged under
 * load; one run at a time, where each step waits for an fsync of its own, reported beside it.
 */
export async function benchRunJournal(): Promise<BenchResult> {
  const plan: Plan = { concurrent: CONCURRENT, sequential: SEQUENTIAL };
  const processes: ProcessSamples[] = [];
  for (let index = 0; index < PROCESSES; index++) {
    processes.push(await measureInFreshProcess<ProcessSamples>(import.meta.url, plan));
  }
  // Per process: median of the paired differences (arms sampled side by side); then the median process.
  const overhead = (pick: (samples: ProcessSamples) => Record<Arm, number[]>, arm: Arm) =>
    median(
      processes.map((samples) => {
        const values = pick(samples);
        return median(values[arm].map((value, index) => value - values.memory[index]));
      }),
    );
  const of = (pick: (samples: ProcessSamples) => number) => median(processes.map(pick));
  const concurrentSteps = CONCURRENT.runs * CONCURRENT.steps;
  return judged({
    id: 'B5',
    name: `run journal (SQLite vs memory: ${CONCURRENT.runs} runs × ${CONCURRENT.steps} steps at once; ${SEQUENTIAL.steps}-step runs one at a time)`,
    metrics: {
      journalOverheadUsPerStep: round(
        overhead((s) => s.concurrentUs, 'full'),
        1,
      ),
      journalOverheadCpuUsPerStep: round(
        overhead((s) => s.concurrentCpuUs, 'full'),
        1,
      ),
      journalOverheadUsPerStepNormalSync: round(
        overhead((s) => s.concurrentUs, 'normal'),
        1,
      ),
      memoryJournalUsPerStep: round(
        of((s) => median(s.concurrentUs.memory)),
        1,
      ),
      writesPerCommit: round(
        of((s) => s.concurrentWrites / s.concurrentCommits),
        1,
      ),
      sequentialJournalUsPerStep: round(
        overhead((s) => s.sequentialUs, 'full'),
        1,
      ),
      sequentialJournalUsPerStepNormalSync: round(
        overhead((s) => s.sequentialUs, 'normal'),
        1,
      ),
      rawFsyncUs: round(
        of((s) => s.rawFsyncUs),
        1,
      ),
    },
    targets: [
      {
        metric: 'journalOverheadUsPerStep',
        max: 100,
        description: 'journal overhead per step (embedded store, durable commit) <= 100 µs',
      },
    ],
    method: {
      workflow:
        'N bench.pass steps with literal args (a tool step, no I/O), started with {}; every run checked to succeed',
      concurrent: `${CONCURRENT.runs} runs of ${CONCURRENT.steps} steps started at once per sample (${concurrentSteps} steps), ${CONCURRENT.warmup} warm-up rounds, ${CONCURRENT.samples} samples`,
      sequential: `one run of ${SEQUENTIAL.steps} steps per sample, ${SEQUENTIAL.warmup} warm-up rounds, ${SEQUENTIAL.samples} samples`,
      arms: 'memory: MemoryJournal; full: SqliteJournal.open as shipped (WAL, synchronous=FULL, group commit); normal: the same with synchronous=NORMAL set after open (no fsync per commit in WAL mode). One engine per arm in the process, the arms sampled in turn, their order rotating each round',
      overhead:
        '(arm − memory) per step, the step counting its share of the run start and result records too (each run writes steps + 2 records); per process the median of the paired differences of a round, reported the median process',
      cpu: 'journalOverheadCpuUsPerStep: the same from process CPU time (user + system); fsync waits are not CPU time',
      writesPerCommit: `records written ÷ transactions the FULL journal committed during the concurrent samples (${CONCURRENT.runs} × (${CONCURRENT.steps} + 2) records a sample): how many records one fsync covers`,
      rawFsyncUs: 'median of 200 appends of 64 bytes + fsync to a file in the same temp dir',
      disk: `a fresh dir under os.tmpdir() (${os.tmpdir()}) per process, on ${processes[0].fileSystem}; deleted afterwards`,
      processes: `${PROCESSES} fresh child processes, one after another`,
      processMedians: processes.map((samples) => ({
        concurrentUsPerStep: Object.fromEntries(
          ARMS.map((arm) => [arm, round(median(samples.concurrentUs[arm]), 1)]),
        ),
        sequentialUsPerStep: Object.fromEntries(
          ARMS.map((arm) => [arm, round(median(samples.sequentialUs[arm]), 1)]),
        ),
        rawFsyncUs: round(samples.rawFsyncUs, 1),
      })),
    },
  });
}

/** In a fresh process: one engine per arm on journals in a fresh temp dir, sampled in turn. */
async function measure(plan: Plan): Promise<ProcessSamples> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolsteps-b5-'));
  const full = SqliteJournal.open(path.join(dir, 'full.sqlite'));
  const normal = SqliteJournal.open(path.join(dir, 'normal.sqlite'));
  try {
    databaseOf(normal).pragma('synchronous = NORMAL');
    const commits = countCommits(databaseOf(full));
    const journals: Record<Arm, Journal> = { memory: new MemoryJournal(), full, normal };
    const engines = {} as Record<Arm, Engine>;
    for (const arm of ARMS) {
      engines[arm] = await createEngine({
        integrations: [benchIntegration],
        accounts: [benchAccount()],
        journal: journals[arm],
      });
    }
    const samples: ProcessSamples = {
      fileSystem: fileSystemOf(dir),
      rawFsyncUs: rawFsyncUs(dir),
      concurrentUs: { memory: [], full: [], normal: [] },
      concurrentCpuUs: { memory: [], full: [], normal: [] },
      sequentialUs: { memory: [], full: [], normal: [] },
      concurrentWrites: 0,
      concurrentCommits: 0,
    };

    const { concurrent, sequential } = plan;
    const concurrentSteps = concurrent.runs * concurrent.steps;
    const runs = await loadAll(engines, concurrent.steps);
    for (let round = 0; round < concurrent.warmup + concurrent.samples; round++) {
      const measured = round >= concurrent.warmup;
      for (const arm of rotated(round)) {
        const commitsBefore = commits.count;
        const cpu = process.cpuUsage();
        const start = performance.now();
        await Promise.all(
          Array.from({ length: concurrent.runs }, () =>
            runChecked(engines[arm], runs[arm], concurrent.steps),
          ),
        );
        const wallUs = (performance.now() - start) * 1000;
        const used = process.cpuUsage(cpu);
        if (!measured) continue;
        samples.concurrentUs[arm].push(wallUs / concurrentSteps);
        samples.concurrentCpuUs[arm].push((used.user + used.system) / concurrentSteps);
        if (arm === 'full') {
          samples.concurrentCommits += commits.count - commitsBefore;
          samples.concurrentWrites += concurrent.runs * (concurrent.steps + 2);
        }
      }
    }

    const long = await loadAll(engines, sequential.steps);
    for (let round = 0; round < sequential.warmup + sequential.samples; round++) {
      for (const arm of rotated(round)) {
        const start = performance.now();
        await runChecked(engines[arm], long[arm], sequential.steps);
        const usPerStep = ((performance.now() - start) * 1000) / sequential.steps;
        if (round >= sequential.warmup) samples.sequentialUs[arm].push(usPerStep);
      }
    }
    return samples;
  } finally {
    await full.close();
    await normal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function loadAll(engines: Record<Arm, Engine>, steps: number) {
  const text = JSON.stringify(passSteps(steps));
  const loaded = {} as Record<Arm, CompiledWorkflow>;
  for (const arm of ARMS) loaded[arm] = await engines[arm].load({ text });
  return loaded;
}

async function runChecked(engine: Engine, workflow: CompiledWorkflow, steps: number): Promise<void> {
  const result = await engine.run(workflow, {});
  if (result.status !== 'succeeded' || result.output !== 'a' || result.steps.length !== steps) {
    throw new Error(`B5 run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
  }
}

/** The arms in an order that moves one place each round, so none is always first after a GC. */
function rotated(round: number): Arm[] {
  const shift = round % ARMS.length;
  return [...ARMS.slice(shift), ...ARMS.slice(0, shift)];
}

/**
 * SqliteJournal keeps its database private; the bench reaches in (`as any`) only to set the
 * synchronous pragma of the NORMAL arm and to count commits.
 */
function databaseOf(journal: SqliteJournal): JournalDb {
  const db = (journal as any).db as JournalDb | undefined;
  if (db === undefined) throw new Error('B5: SqliteJournal no longer has a private `db`');
  return db;
}

/** Counts transactions opened on `db`: GroupCommit opens one per commit, so this counts fsyncs at FULL. */
function countCommits(db: JournalDb): { readonly count: number } {
  const counter = { count: 0 };
  const transaction = db.transaction.bind(db);
  db.transaction = (work) => {
    counter.count++;
    return transaction(work);
  };
  return counter;
}

await answerWhenForked(import.meta.url, measure);
