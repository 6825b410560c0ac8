import { createEngine, type RunResult } from '@toolsteps/engine';
import { RedisJournal, RunQueue } from '@toolsteps/redis';
import { startRedisServer } from '@toolsteps/redis/testing';
import { spawnBenchEmulator } from './bench-emulator.js';
import { benchIntegration } from './bench-integration.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { GET_LIMITED, type LimitedLoadReport, runLimitedLoad, SHARED_LIMITS } from './limited-load.js';
import { round } from './measure.js';
import { benchQueueKey } from './queue-key.js';
import { resultWithin } from './queue-results.js';
import { spawnQueueWorker, type WorkerProcess, type WorkerReport } from './queue-worker.js';
import { type BenchResult, judged } from './result.js';

/** Every run enqueued at once; two worker processes share them. */
const LOAD = { runs: 1000, workers: 2, concurrency: 8 };
const QUEUE = 'b5-load';
/** The second load's queue: runs that each GET once through the account whose limits are shared. */
const LIMITED_QUEUE = 'b5-load-limited';
/** Each GET is held this long at the emulator, so the concurrency cap is what bounds requests in flight. */
const EMULATOR_DELAY_MS = 10;
/** The load's own journal keys, so every run in them is one of its runs. */
const JOURNAL_PREFIX = 'b5-load:';
/** The load takes 1 to 2 s here: a result not back after this will never come. */
const RESULT_WAIT_MS = 20_000;

type Plan = typeof LOAD & { redis: string };

/** Its one step returns the run's own id, so the journal shows which run each step ran for. */
const NOTE_RUN_ID = {
  id: 'note-run-id',
  steps: [{ id: 'note', step: 'bench.pass', account: 'bench-main', args: { ids: '{% [$run.id] %}' } }],
  output: '{% $steps.note.result.ids[0] %}',
};

interface LoadReport {
  /** Enqueue of the first run → the last result that came back. */
  wallMs: number;
  /** Runs whose result came back succeeded with their own id as output. */
  returned: number;
  /** Runs whose RunQueue.result never resolved (within RESULT_WAIT_MS). */
  notReturned: string[];
  /** Runs the journal holds succeeded, with exactly one step record carrying their id. */
  journaledOnce: number;
  /** Runs the journal holds that were never enqueued. */
  unexpectedInJournal: number;
  /** Runs not journaled succeeded with their one step, or whose returned result was wrong. */
  lost: string[];
  /** Runs taken (`run.taken`) more than once across the workers, resumed, or with extra step records. */
  runTwice: string[];
  takenPerWorker: number[];
  errors: string[];
  limited: LimitedLoadReport;
  /** Runs of the limited load each worker took: both must, or the limits were not shared at all. */
  limitedTakenPerWorker: number[];
}

/**
 * B5 load check: 1,000 runs put on the queue at once, taken by two worker processes sharing one
 * Redis (queue and journal). None may be lost (each result returned, each run journaled succeeded
 * with its step) and none run twice (taken once in all, never resumed, one step record).
 */
export async function benchQueueLoad(): Promise<BenchResult> {
  const redis = await startRedisServer();
  let report: LoadReport;
  try {
    report = await measureInFreshProcess<LoadReport>(import.meta.url, { ...LOAD, redis: redis.url });
  } finally {
    await redis.stop();
  }
  return judged({
    id: 'B5load',
    name: `queue load check (${LOAD.runs} runs enqueued at once, ${LOAD.workers} worker processes × concurrency ${LOAD.concurrency}, one Redis)`,
    metrics: {
      lostRuns: report.lost.length,
      runsRunTwice: report.runTwice.length,
      resultsNotReturned: report.notReturned.length,
      resultsReturned: report.returned,
      runsJournaledOnce: report.journaledOnce,
      unexpectedRunsInJournal: report.unexpectedInJournal,
      ...Object.fromEntries(
        report.takenPerWorker.map((taken, index) => [`runsTakenByWorker${index + 1}`, taken]),
      ),
      workerErrors: report.errors.length,
      limitedRunsSucceeded: report.limited.succeeded,
      limitedRequestsSent: report.limited.requests,
      limitedMostRequestsPerInterval: report.limited.mostPerInterval,
      limitedPeakInFlight: report.limited.peakInFlight,
      limitedWallS: round(report.limited.wallMs / 1000, 2),
      ...Object.fromEntries(
        report.limitedTakenPerWorker.map((taken, index) => [`limitedRunsTakenByWorker${index + 1}`, taken]),
      ),
      runsPerSecond: Math.round((LOAD.runs * 1000) / report.wallMs),
      wallS: round(report.wallMs / 1000, 2),
    },
    targets: [
      { metric: 'lostRuns', max: 0, description: `none of ${LOAD.runs} queued runs lost` },
      { metric: 'runsRunTwice', max: 0, description: `none of ${LOAD.runs} queued runs run twice` },
      {
        metric: 'resultsNotReturned',
        max: 0,
        description: `RunQueue.result returns for every one of ${LOAD.runs} queued runs`,
      },
      {
        metric: 'limitedRunsSucceeded',
        min: LOAD.runs,
        description: `every one of ${LOAD.runs} runs through the limited account succeeded`,
      },
      {
        metric: 'limitedRequestsSent',
        max: LOAD.runs,
        description: 'the limited account sent one request per run, none repeated',
      },
      {
        metric: 'limitedMostRequestsPerInterval',
        max: SHARED_LIMITS.intervalCap,
        description: `the limited account's requests, as the emulator received them, never more than ${SHARED_LIMITS.intervalCap} in any ${SHARED_LIMITS.intervalMs} ms across both workers`,
      },
      {
        metric: 'limitedPeakInFlight',
        max: SHARED_LIMITS.concurrency,
        description: `the limited account never had more than ${SHARED_LIMITS.concurrency} requests in flight at the emulator across both workers`,
      },
    ],
    method: {
      workflow:
        'one bench.pass step whose args are [$run.id], output its result: each step record carries the id of the run it ran for. Checked with engine.validate({ accounts: false }) as an enqueuer does',
      load: `${LOAD.runs} RunQueue.enqueue calls at once (ids from enqueue), then every RunQueue.result awaited, from a fresh RunQueue as a client process has one (its event reader not primed first, unlike B5q's); runsPerSecond and wallS are to the last result that came back`,
      workers: `${LOAD.workers} forked processes (bench/queue-worker.ts), each one RunWorker of concurrency ${LOAD.concurrency} on queue ${QUEUE}, default lock (30 s), engines on one RedisJournal (prefix ${JOURNAL_PREFIX}) on the same throwaway redis-server as the queue`,
      lost: 'a run is lost unless the journal holds it succeeded with exactly one step record whose result is its id, and its result, if it came back, is succeeded with its own id as output',
      notReturned: `RunQueue.result of the run had not resolved ${RESULT_WAIT_MS / 1000} s after it was called (the whole load takes 1–2 s); such a run is not lost when the journal holds it, it is the client that never hears of it`,
      limited: `then ${LOAD.runs} runs on queue ${LIMITED_QUEUE}, each one bench.get through account bench-limited, whose binding limits it to ${JSON.stringify(SHARED_LIMITS)}; every worker counts them in the same Redis (RedisRateLimits and the shared concurrency cap). The emulator (its own process, each answer held ${EMULATOR_DELAY_MS} ms) logs when each request arrived: limitedMostRequestsPerInterval is the most arrivals within any window of ${SHARED_LIMITS.intervalMs} ms, limitedPeakInFlight the most it held at once. Each worker alone would allow ${SHARED_LIMITS.intervalCap} per interval and ${SHARED_LIMITS.concurrency} at once, so the two together would double both without sharing`,
      runTwice:
        'a run ran twice if the workers’ run.taken events (sent back to the bench over IPC when they close) name it more than once across both, if the journal counts a resume of it, or if it has more than one step record',
      ...(report.lost.length ? { lostExamples: report.lost.slice(0, 5) } : {}),
      ...(report.notReturned.length ? { notReturnedExamples: report.notReturned.slice(0, 5) } : {}),
      ...(report.runTwice.length ? { runTwiceExamples: report.runTwice.slice(0, 5) } : {}),
      ...(report.errors.length ? { workerErrorExamples: report.errors.slice(0, 5) } : {}),
    },
  });
}

/** In a fresh process: two worker processes, the runs through them, then the journal read back. */
async function measure(plan: Plan): Promise<LoadReport> {
  const workers: WorkerProcess[] = [];
  const queue = new RunQueue({ redis: plan.redis, key: benchQueueKey(), queue: QUEUE });
  const limitedQueue = new RunQueue({ redis: plan.redis, key: benchQueueKey(), queue: LIMITED_QUEUE });
  const journal = await RedisJournal.connect(plan.redis, { prefix: JOURNAL_PREFIX });
  const emulator = await spawnBenchEmulator({ delayMs: EMULATOR_DELAY_MS });
  try {
    const limited = { baseUrl: emulator.baseUrl, rateLimit: SHARED_LIMITS };
    for (let index = 1; index <= plan.workers; index++) {
      const worker = await spawnQueueWorker(
        { redis: plan.redis, journalPrefix: JOURNAL_PREFIX, limited },
        `B5 load worker ${index}`,
      );
      workers.push(worker);
      await worker.start(QUEUE, plan.concurrency);
      await worker.start(LIMITED_QUEUE, plan.concurrency);
    }
    const checked = await checkedWorkflow(NOTE_RUN_ID);

    const start = performance.now();
    const ids = (
      await Promise.all(Array.from({ length: plan.runs }, () => queue.enqueue(checked.workflow, {})))
    ).map(({ runId }) => runId);
    // Timed to the last result that came back: one given up on would time the deadline instead.
    let lastResultAt = start;
    const results = await Promise.all(
      ids.map((runId) =>
        resultWithin(queue, runId, RESULT_WAIT_MS).then(
          (result) => {
            lastResultAt = performance.now();
            return result;
          },
          () => undefined,
        ),
      ),
    );
    const wallMs = lastResultAt - start;
    const limitedReport = await runLimitedLoad(
      limitedQueue,
      (await checkedWorkflow(GET_LIMITED)).workflow,
      emulator,
      plan.runs,
      RESULT_WAIT_MS,
    );

    const reports: WorkerReport[] = [];
    for (const worker of workers.splice(0)) reports.push(await worker.close());
    return {
      wallMs,
      ...(await judgeRuns(ids, results, reports, journal, new Set(limitedReport.runIds))),
      takenPerWorker: reports.map((report) => report.taken[QUEUE]?.length ?? 0),
      limitedTakenPerWorker: reports.map((report) => report.taken[LIMITED_QUEUE]?.length ?? 0),
      errors: reports.flatMap((report) => report.errors),
      limited: limitedReport,
    };
  } finally {
    for (const worker of workers) worker.kill();
    await queue.close();
    await limitedQueue.close();
    await journal.close();
    await emulator.close();
  }
}

/** Checked with accounts off, as an enqueuer without the workers' accounts checks a workflow. */
async function checkedWorkflow(definition: object) {
  const checker = await createEngine({ integrations: [benchIntegration], accounts: [] });
  const checked = await checker.validate({ text: JSON.stringify(definition) }, { accounts: false });
  if (!checked.ok) throw new Error(`B5 load workflow is invalid: ${JSON.stringify(checked.diagnostics)}`);
  return checked;
}

async function judgeRuns(
  ids: string[],
  results: Array<RunResult | undefined>,
  reports: WorkerReport[],
  journal: RedisJournal,
  /** Runs of the limited load, journaled beside these. */
  others: ReadonlySet<string>,
): Promise<
  Pick<LoadReport, 'returned' | 'notReturned' | 'journaledOnce' | 'unexpectedInJournal' | 'lost' | 'runTwice'>
> {
  const takes = new Map<string, number>();
  for (const id of reports.flatMap((report) => report.taken[QUEUE] ?? []))
    takes.set(id, (takes.get(id) ?? 0) + 1);
  const enqueued = new Set(ids);
  const journaled = await journal.runs();
  const lost: string[] = [];
  const notReturned: string[] = [];
  const runTwice: string[] = [];
  let returned = 0;
  let journaledOnce = 0;
  for (const [index, id] of ids.entries()) {
    const result = results[index];
    const came = result?.runId === id && result.status === 'succeeded' && result.output === id;
    const run = await journal.run(id);
    const steps = await journal.steps(id);
    const recorded =
      run?.status === 'succeeded' &&
      steps.length === 1 &&
      (steps[0].result as { ids?: string[] } | undefined)?.ids?.[0] === id;
    if (came) returned++;
    if (recorded) journaledOnce++;
    if (!result) notReturned.push(id);
    if ((result && !came) || !recorded) lost.push(id);
    if ((takes.get(id) ?? 0) > 1 || (run?.resumes ?? 0) > 0 || steps.length > 1) runTwice.push(id);
  }
  return {
    returned,
    notReturned,
    journaledOnce,
    unexpectedInJournal: journaled.filter((run) => !enqueued.has(run.id) && !others.has(run.id)).length,
    lost,
    runTwice,
  };
}

await answerWhenForked(import.meta.url, measure);
