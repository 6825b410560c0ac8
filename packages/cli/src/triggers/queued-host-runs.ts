import type { ResumableJournal } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../exit-codes.js';
import { loadRedis } from '../load-redis.js';
import { openJournal } from '../open-journal.js';
import { requireQueueKey } from '../queue-key-option.js';
import { redisUrlShown } from '../redis-url-shown.js';
import { requireRedis } from '../require-redis.js';
import type { HostRuns, HostRunsOptions } from './host-runs-options.js';

/**
 * A host's runs queued on Redis for `toolsteps worker`s, each awaited to its result. The journal
 * read to refuse resuming a run under a changed workflow is the workers': on the same Redis by
 * default, the SQLite file `--journal` names when they keep one there.
 */
export async function queuedHostRuns(
  options: HostRunsOptions,
  cli: CliContext,
  command: string,
): Promise<HostRuns> {
  const redis = requireRedis(options.redis, `${command} --redis`);
  const password = new URL(redis).password;
  if (password) cli.scrubber.add(decodeURIComponent(password));
  const { connectRedis, DEFAULT_QUEUE, QueueRunLauncher, RedisJournal, RunQueue } = await loadRedis();
  const key = await requireQueueKey(options, `${command} --redis`, cli);
  let client: Awaited<ReturnType<typeof connectRedis>>;
  try {
    // Connected now: an unreachable Redis, or a wrong password, fails the command instead of every run.
    client = await connectRedis(redis);
  } catch (error) {
    const cause = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    throw new UsageError(`The Redis at ${redisUrlShown(redis)} is unreachable: ${cause}`);
  }
  let journal: (ResumableJournal & { close(): Promise<void> }) | undefined;
  try {
    if (options.journal !== false)
      journal =
        options.journal === undefined
          ? RedisJournal.withClient(client)
          : openJournal(options.journal, { create: true });
  } catch (error) {
    client.disconnect();
    throw error;
  }
  const name = options.queue ?? DEFAULT_QUEUE;
  const queue = new RunQueue({ redis, key, queue: name });
  return {
    cli,
    launcher: new QueueRunLauncher(queue, { journal }),
    queue: { redis: redisUrlShown(redis), name },
    close: async () => {
      await queue.close();
      await journal?.close();
      client.disconnect();
    },
  };
}
