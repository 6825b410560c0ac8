import { createEngine, type Engine, MemoryJournal, type RunResult } from '@toolsteps/engine';
import { RedisJournal, RunQueue } from '@toolsteps/redis';
import { startRedisServer } from '@toolsteps/redis/testing';
import { benchAccount, benchIntegration, passSteps } from './bench-integration.js';
import { closedLoop } from './closed-loop.js';
import { answerWhenForked, measureInFreshProcess } from './fresh-process.js';
import { median, round } from './measure.js';
import { percentile } from './percentile.js';
import { benchQueueKey } from './queue-key.js';
import { primeResults, resultWithin } from './queue-results.js';
import { spawnQueueWorker, type WorkerProcess } from './queue-worker.js';
import { redisCpuUs } from './redis-cpu.js';
import { type BenchResult, judged } from './result.js';

/** N runs a sample, at most `inFlight` at once whatever runs them; the arms sampled in turn. */
const PLAN = { runs: 500, inFlight: 16, steps: 5, warmup: 1, rounds: 5 };

/**
 * inProcess: engine.run on MemoryJournal (the baseline); inProcessRedis: engine.run on RedisJournal
 * (the journal's share); oneWorker / twoWorkers: RunQueue → RunWorker process(es) on RedisJournal.
 */
const ARMS = ['inProcess', 'inProcessRedis', 'oneWorker', 'twoWorkers'] as const;
type Arm = (typeof ARMS)[number];

/** Far longer than any run here takes: a result later than this is one that will never come. */
const RESULT_WAIT_MS = 30_000;

type Plan = typeof PLAN & { redis: string };

interface Samples {
  /** Wall time of each measured sample, ms. */
  wallMs: Record<Arm, number[]>;
  /** Every measured run's latency (engine.run, or enqueue → result), ms. */
  latenciesMs: Record<Arm, number[]>;
  /** CPU of a sample, µs, in the process that enqueues (or runs) / the worker processes / Redis. */
  clientCpuUs: Record<Arm, number[]>;
  workerCpuUs: Record<Arm, number[]>;
  redisCpuUs: Record<Arm, number[]>;
}

/**
 * B5 (queue half): what going through BullMQ costs a run. The same small runs executed in-process
 * and through RunQueue to RunWorkers in child processes, at the same number of runs in flight; the
 * difference in wall time per run is the queue's (with the shared journal it needs).
 */
export async function benchQueueOverhead(): Promise<BenchResult> {
  const redis = await startRedisServer();
  let samples: Samples;
  try {
    samples = await measureInFreshProcess<Samples>(import.meta.url, { ...PLAN, redis: redis.url });
  } finally {
    await redis.stop();
  }
  const perRun = (arm: Arm) => median(samples.wallMs[arm]) / PLAN.runs;
  // Paired by round: the arms of one round ran back to back, so drift of the machine falls on both.
  const overhead = (arm: Arm, base: Arm) =>
    median(samples.wallMs[arm].map((wall, index) => wall - samples.wallMs[base][index])) / PLAN.runs;
  const perSecond = (arm: Arm) => Math.round(1000 / perRun(arm));
  const cpuMsPerRun = (of: Record<Arm, number[]>, arm: Arm) => median(of[arm]) / 1000 / PLAN.runs;
  const latency = (arm: Arm, share: number) => round(percentile(samples.latenciesMs[arm], share), 2);
  return judged({
    id: 'B5q',
    name: `queue overhead (${PLAN.runs} runs of ${PLAN.steps} steps, ${PLAN.inFlight} in flight: in-process vs BullMQ with 1 and 2 worker processes)`,
    metrics: {
      queueOverheadMsPerRun: round(overhead('oneWorker', 'inProcess'), 3),
      queueOverheadMsPerRun2Workers: round(overhead('twoWorkers', 'inProcess'), 3),
      queueOnlyOverheadMsPerRun: round(overhead('oneWorker', 'inProcessRedis'), 3),
      redisJournalOverheadMsPerRun: round(overhead('inProcessRedis', 'inProcess'), 3),
      runsPerSecondInProcess: perSecond('inProcess'),
      runsPerSecondInProcessRedisJournal: perSecond('inProcessRedis'),
      runsPerSecond1Worker: perSecond('oneWorker'),
      runsPerSecond2Workers: perSecond('twoWorkers'),
      msPerRunInProcess: round(perRun('inProcess'), 3),
      msPerRun1Worker: round(perRun('oneWorker'), 3),
      msPerRun2Workers: round(perRun('twoWorkers'), 3),
      p50LatencyMsInProcess: latency('inProcess', 0.5),
      p99LatencyMsInProcess: latency('inProcess', 0.99),
      p50EnqueueToResultMs1Worker: latency('oneWorker', 0.5),
      p99EnqueueToResultMs1Worker: latency('oneWorker', 0.99),
      p50EnqueueToResultMs2Workers: latency('twoWorkers', 0.5),
      p99EnqueueToResultMs2Workers: latency('twoWorkers', 0.99),
      cpuMsPerRunInProcess: round(cpuMsPerRun(samples.clientCpuUs, 'inProcess'), 3),
      clientCpuMsPerRun1Worker: round(cpuMsPerRun(samples.clientCpuUs, 'oneWorker'), 3),
      workerCpuMsPerRun1Worker: round(cpuMsPerRun(samples.workerCpuUs, 'oneWorker'), 3),
      redisCpuMsPerRun1Worker: round(cpuMsPerRun(samples.redisCpuUs, 'oneWorker'), 3),
      workerCpuMsPerRun2Workers: round(cpuMsPerRun(samples.workerCpuUs, 'twoWorkers'), 3),
      redisCpuMsPerRunInProcessRedisJournal: round(cpuMsPerRun(samples.redisCpuUs, 'inProcessRedis'), 3),
    },
    targets: [
      {
        metric: 'queueOverheadMsPerRun',
        max: 2,
        description: 'queue overhead per run (BullMQ, 1 worker, vs in-process) <= 2 ms',
      },
    ],
    method: {
      workflow: `${PLAN.steps} bench.pass steps with literal args (no I/O), input {}; every result checked (succeeded, output "a")`,
      load: `closed loop: ${PLAN.runs} runs a sample, ${PLAN.inFlight} lanes each starting its next run when its last ends, so every arm has ${PLAN.inFlight} runs in flight; ${PLAN.warmup} warm-up round(s) thrown away, then ${PLAN.rounds} rounds, the four arms in each in an order rotating by one each round`,
      arms: {
        inProcess: 'engine.run in the measuring process, engine on MemoryJournal',
        inProcessRedis: 'the same, engine on RedisJournal (prefix b5q-in-process:) on the same Redis',
        oneWorker: `RunQueue.enqueue then RunQueue.result per run, from the measuring process; one RunWorker (concurrency ${PLAN.inFlight}) in worker process 1`,
        twoWorkers: `the same on another queue; a RunWorker of concurrency ${PLAN.inFlight / 2} in each of worker processes 1 and 2 (${PLAN.inFlight} in total)`,
      },
      priming:
        'before the rounds, one run through each queue must come back (retried up to 5 times, 2 s each): RunQueue.result can miss a result while its event reader starts (see B5load), which the measurement should not wait on',
      workers:
        'forked child processes (bench/queue-worker.ts) as `toolsteps worker` builds one: createEngine with the bench integration and account, on RedisJournal.connect (shared by both), RunWorker with the default lock (30 s); both RunWorkers of process 1 stay started throughout, the idle one blocked on its empty queue',
      memoryJournalWorkers:
        'not measured: MemoryJournal is a Journal, not the RunJournal RunWorker needs (run/steps/cancelRequested); the journal share is separated instead by inProcessRedis',
      redis:
        'a throwaway redis-server (startRedisServer: no persistence) on loopback, started for this bench and stopped after',
      overhead:
        'queueOverheadMsPerRun = (wall time of a oneWorker sample − wall time of the inProcess sample of the same round) ÷ N, the median over rounds; wall time ÷ N is time per run at 16 in flight (the inverse of throughput), not a run’s latency. queueOnlyOverheadMsPerRun is the same against inProcessRedis (the queue alone, journal excluded); redisJournalOverheadMsPerRun is inProcessRedis − inProcess',
      runsPerSecond: 'N ÷ median wall time of the arm',
      latency:
        'p50 / p99 (nearest rank) over every measured run of the arm: engine.run start → result in process; enqueue call → result resolved through the queue (waiting in the queue included)',
      cpu: 'CPU (user + system) per run, median over rounds: clientCpu = the measuring process, workerCpu = the worker processes, redisCpu = redis-server (INFO cpu)',
      machine:
        'everything on one machine: the measuring process, the worker process(es) and redis-server share its cores, so the queue arms also gain parallelism the in-process arm cannot use',
    },
  });
}

/** In a fresh process: the in-process engines, two worker processes, and the runs through each. */
async function measure(plan: Plan): Promise<Samples> {
  const journal = await RedisJournal.connect(plan.redis, { prefix: 'b5q-in-process:' });
  const engines = {
    memory: await benchEngine(new MemoryJournal()),
    redis: await benchEngine(journal),
  };
  const text = JSON.stringify(passSteps(plan.steps));
  const workflows = {
    memory: await engines.memory.load({ text }),
    redis: await engines.redis.load({ text }),
  };
  const queues = {
    one: new RunQueue({ redis: plan.redis, key: benchQueueKey(), queue: 'b5q-one-worker' }),
    two: new RunQueue({ redis: plan.redis, key: benchQueueKey(), queue: 'b5q-two-workers' }),
  };
  const workers: WorkerProcess[] = [];
  try {
    for (const name of ['B5 queue worker 1', 'B5 queue worker 2'])
      workers.push(await spawnQueueWorker({ redis: plan.redis }, name));
    await workers[0].start('b5q-one-worker', plan.inFlight);
    for (const worker of workers) await worker.start('b5q-two-workers', plan.inFlight / 2);

    await primeResults(queues.one, workflows.memory);
    await primeResults(queues.two, workflows.memory);
    const through = (queue: RunQueue) => async () => {
      const { runId } = await queue.enqueue(workflows.memory, {});
      checked(await resultWithin(queue, runId, RESULT_WAIT_MS));
    };
    const runs: Record<Arm, () => Promise<void>> = {
      inProcess: async () => checked(await engines.memory.run(workflows.memory, {})),
      inProcessRedis: async () => checked(await engines.redis.run(workflows.redis, {})),
      oneWorker: through(queues.one),
      twoWorkers: through(queues.two),
    };
    const involved: Record<Arm, WorkerProcess[]> = {
      inProcess: [],
      inProcessRedis: [],
      oneWorker: [workers[0]],
      twoWorkers: workers,
    };
    const samples: Samples = {
      wallMs: emptyArms(),
      latenciesMs: emptyArms(),
      clientCpuUs: emptyArms(),
      workerCpuUs: emptyArms(),
      redisCpuUs: emptyArms(),
    };
    const workerCpuUs = async (arm: Arm) =>
      (await Promise.all(involved[arm].map((worker) => worker.cpuUs()))).reduce((sum, cpu) => sum + cpu, 0);
    for (let round = 0; round < plan.warmup + plan.rounds; round++) {
      for (const arm of rotated(round)) {
        const workerBefore = await workerCpuUs(arm);
        const redisBefore = redisCpuUs(plan.redis);
        const client = process.cpuUsage();
        const sample = await closedLoop(plan.runs, plan.inFlight, runs[arm]);
        const used = process.cpuUsage(client);
        const redisUsed = redisCpuUs(plan.redis) - redisBefore;
        const workerUsed = (await workerCpuUs(arm)) - workerBefore;
        if (round < plan.warmup) continue;
        samples.wallMs[arm].push(sample.wallMs);
        samples.latenciesMs[arm].push(...sample.latenciesMs);
        samples.clientCpuUs[arm].push(used.user + used.system);
        samples.workerCpuUs[arm].push(workerUsed);
        samples.redisCpuUs[arm].push(redisUsed);
      }
    }
    for (const worker of workers.splice(0)) await worker.close();
    return samples;
  } finally {
    for (const worker of workers) worker.kill();
    await queues.one.close();
    await queues.two.close();
    await journal.close();
  }
}

function benchEngine(journal: MemoryJournal | RedisJournal): Promise<Engine> {
  return createEngine({ integrations: [benchIntegration], accounts: [benchAccount()], journal });
}

function checked(result: RunResult): void {
  if (result.status !== 'succeeded' || result.output !== 'a') {
    throw new Error(`B5q run went wrong: ${JSON.stringify(result.error ?? result.output)}`);
  }
}

function emptyArms(): Record<Arm, number[]> {
  return { inProcess: [], inProcessRedis: [], oneWorker: [], twoWorkers: [] };
}

/** The arms in an order that moves one place each round, so none is always first after a GC. */
function rotated(round: number): Arm[] {
  const shift = round % ARMS.length;
  return [...ARMS.slice(shift), ...ARMS.slice(0, shift)];
}

await answerWhenForked(import.meta.url, measure);
