import { toMilliseconds } from '@toolsteps/engine';
import type { WorkerEvent } from '@toolsteps/redis';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { loadRedis } from '../load-redis.js';
import { openJournal } from '../open-journal.js';
import { printable } from '../printable.js';
import { type QueueKeyOptions, requireQueueKey } from '../queue-key-option.js';
import { requireRedis } from '../require-redis.js';
import { untilInterrupted } from '../until-interrupted.js';
import { requireAccounts } from './runs-resume.js';

export interface WorkerOptions extends QueueKeyOptions {
  /** The Redis URL, wherever it was given (`--redis`, `--redis-url-file`, TOOLSTEPS_REDIS_URL). */
  redis?: string;
  accounts?: string;
  concurrency?: string;
  queue?: string;
  journal?: string;
  lockDuration?: string;
  json?: boolean;
}

/**
 * `toolsteps worker --redis URL --accounts f`: takes runs from the BullMQ queue until Ctrl-C, then
 * finishes the runs it holds. Runs a worker that died held are resumed here, by the resume rules.
 * It runs only jobs signed with the queue key; others fail, each with one line in its log.
 */
export async function workerCommand(options: WorkerOptions, cli: CliContext): Promise<number> {
  const redis = requireRedis(options.redis, 'worker');
  const accounts = requireAccounts(options.accounts, 'worker');
  const key = await requireQueueKey(options, 'worker', cli);
  const concurrency = wholeNumber(options.concurrency, '--concurrency', 8);
  const lockDurationMs = options.lockDuration === undefined ? undefined : duration(options.lockDuration);
  // BullMQ and ioredis load only for the commands that use them: every other command starts faster.
  const { connectRedis, DEFAULT_QUEUE, redisAccountLimits, RedisJournal, RedisRefreshLock, RunWorker } =
    await loadRedis();
  // One connection serves the journal, the account limits every worker keeps together (rates, caps
  // on requests in flight, the API's reported quotas), and the lock that lets one worker at a time
  // refresh an account's OAuth token (a rotating one is spent once).
  const client = await connectRedis(redis);
  const journal =
    options.journal === undefined
      ? RedisJournal.withClient(client)
      : openJournal(options.journal, { create: true });
  try {
    const vault = await cli.openVault(accounts);
    const engine = await cli.engine(vault, {
      journal,
      ...redisAccountLimits(client),
      refreshLock: new RedisRefreshLock(client),
    });
    const worker = new RunWorker({
      redis,
      key,
      engine,
      journal,
      concurrency,
      queue: options.queue,
      lockDurationMs,
      onEvent: (event) => report(event, options.json ?? false, cli),
    });
    const interrupted = untilInterrupted();
    await worker.start();
    if (options.json)
      cli.output.json({ type: 'worker.ready', queue: options.queue ?? DEFAULT_QUEUE, concurrency });
    else
      cli.output.note(
        `worker ready: queue ${options.queue ?? DEFAULT_QUEUE}, ${concurrency} runs at once (Ctrl-C stops)`,
      );
    await interrupted;
    cli.output.note('worker stopping: finishing the runs it holds');
    await worker.close();
    return EXIT.ok;
  } finally {
    await journal.close();
    client.disconnect();
  }
}

function report(event: WorkerEvent, json: boolean, cli: CliContext): void {
  if (json) {
    cli.output.json(event);
    return;
  }
  if (event.type === 'job.refused') {
    // "Job <id> refused, nothing of it ran: why": nothing the job holds is shown.
    cli.output.note(printable(event.reason));
    return;
  }
  const id = printable(event.runId);
  if (event.type === 'run.taken') cli.output.note(`run ${id} ${event.resumed ? 'resumed' : 'taken'}`);
  else if (event.type === 'run.done') cli.output.note(`run ${id} ${event.status}`);
  else cli.output.note(`worker error${event.runId ? ` on run ${id}` : ''}: ${printable(event.message)}`);
}

function wholeNumber(text: string | undefined, option: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 1000)
    throw new UsageError(`${option}: a whole number from 1 to 1000 is needed (got "${printable(text)}")`);
  return value;
}

function duration(text: string): number {
  try {
    const ms = toMilliseconds(text);
    if (ms >= 1000) return ms;
  } catch {}
  throw new UsageError(
    `--lock-duration: a duration of at least 1s is needed, such as 30s (got "${printable(text)}")`,
  );
}
