import { createEngine, type RateLimitSpec } from '@toolsteps/engine';
import { RedisJournal, RunWorker, redisAccountLimits } from '@toolsteps/redis';
import { connectRedis } from '../packages/redis/src/connect-redis.js';
import { benchAccount, benchIntegration, limitedBenchAccount } from './bench-integration.js';
import { forkSelf } from './forked-self.js';
import { benchQueueKey } from './queue-key.js';

/** What a worker process is told: the Redis its queues and its journal are on. */
export interface WorkerPlan {
  redis: string;
  /** The RedisJournal's key prefix, so a bench can count its own runs alone. */
  journalPrefix?: string;
  /** A second account, `bench-limited`, whose limits every worker counts together in the same Redis. */
  limited?: { baseUrl: string; rateLimit: RateLimitSpec };
}

/** What a worker process did on each queue, as its RunWorkers' `run.taken` events said. */
export interface WorkerReport {
  /** Every run id taken, per queue, in the order taken. */
  taken: Record<string, string[]>;
  /** How many of those were taken as resumes (BullMQ found the job stalled). */
  resumed: number;
  errors: string[];
}

type Reply =
  | { type: 'ready' }
  | { type: 'started' }
  | { type: 'cpu'; cpuUs: number }
  | ({ type: 'closed' } & WorkerReport);

/** A `toolsteps worker` as production runs one, in a process of its own, driven over IPC. */
export interface WorkerProcess {
  /** Adds a RunWorker on `queue` taking `concurrency` runs at once; resolves once it is connected. */
  start(queue: string, concurrency: number): Promise<void>;
  /** CPU time (user + system, µs) the process has used so far. */
  cpuUs(): Promise<number>;
  /** Closes every RunWorker (running runs finish first) and the journal, and ends the process. */
  close(): Promise<WorkerReport>;
  /** Ends the process at once, whatever it is doing: for a bench that failed. */
  kill(): void;
}

export async function spawnQueueWorker(plan: WorkerPlan, name: string): Promise<WorkerProcess> {
  const { child, ask } = forkSelf<Reply>(import.meta.url, plan, name);
  await ask('ready');
  return {
    start: async (queue, concurrency) => {
      await ask('started', JSON.stringify({ start: { queue, concurrency } }));
    },
    cpuUs: async () => (await ask('cpu', 'cpu')).cpuUs,
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const { type: _, ...report } = await ask('closed', 'close');
      await exited;
      return report;
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

async function serve(plan: WorkerPlan): Promise<void> {
  // Whatever happens to the bench (a crash, Ctrl-C), a worker never outlives it.
  process.once('disconnect', () => process.exit(0));
  const journal = await RedisJournal.connect(plan.redis, { prefix: plan.journalPrefix });
  const limits = plan.limited ? await connectRedis(plan.redis) : undefined;
  const engine = await createEngine({
    integrations: [benchIntegration],
    accounts: [
      benchAccount(),
      ...(plan.limited ? [limitedBenchAccount(plan.limited.baseUrl, plan.limited.rateLimit)] : []),
    ],
    journal,
    // Every limit of the accounts, counted with the other workers: rate, concurrency, reported quotas.
    ...(limits ? redisAccountLimits(limits, { prefix: plan.journalPrefix }) : {}),
  });
  const workers: RunWorker[] = [];
  const report: WorkerReport = { taken: {}, resumed: 0, errors: [] };

  process.on('message', async (message: string) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', cpuUs: user + system } satisfies Reply);
    } else if (message === 'close') {
      await Promise.all(workers.map((worker) => worker.close()));
      await journal.close();
      limits?.disconnect();
      process.send?.({ type: 'closed', ...report } satisfies Reply, () => process.exit(0));
    } else {
      const { queue, concurrency } = (
        JSON.parse(message) as { start: { queue: string; concurrency: number } }
      ).start;
      const taken: string[] = [];
      report.taken[queue] = taken;
      const worker = new RunWorker({
        redis: plan.redis,
        key: benchQueueKey(),
        engine,
        journal,
        queue,
        concurrency,
        onEvent: (event) => {
          if (event.type === 'run.taken') {
            taken.push(event.runId);
            if (event.resumed) report.resumed++;
          }
          if (event.type === 'run.error') report.errors.push(event.message);
        },
      });
      workers.push(worker);
      await worker.start();
      process.send?.({ type: 'started' } satisfies Reply);
    }
  });
  process.send?.({ type: 'ready' } satisfies Reply);
}

if (process.argv[2] === '--serve') await serve(JSON.parse(process.argv[3] ?? '{}') as WorkerPlan);
