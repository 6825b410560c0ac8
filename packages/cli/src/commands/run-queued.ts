import { randomUUID } from 'node:crypto';
import type { CompiledWorkflow } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { EXIT } from '../exit-codes.js';
import { loadRedis } from '../load-redis.js';
import { openRunJournal } from '../open-run-journal.js';
import { type QueueKeyOptions, requireQueueKey } from '../queue-key-option.js';
import type { ChosenRedis } from '../redis-url-option.js';
import { redisUrlShown } from '../redis-url-shown.js';
import { requireRedis } from '../require-redis.js';
import { runUntilDone } from '../run-until-done.js';

export interface RunQueuedOptions extends ChosenRedis, QueueKeyOptions {
  detach?: boolean;
  json?: boolean;
  /** The end user the run acts for: signed into the job, so workers use that user's accounts. */
  user?: string;
}

/**
 * `toolsteps run <workflow> --redis URL [--detach]`, once `run` checked the workflow and its input:
 * puts the run on the queue for `toolsteps worker`s. With --detach it prints the run id and returns;
 * else it shows the run's progress as the worker reports it and ends as `run` does.
 */
export async function runQueuedCommand(
  workflow: CompiledWorkflow,
  input: unknown,
  options: RunQueuedOptions,
  cli: CliContext,
): Promise<number> {
  const redis = requireRedis(options.redis, 'run --redis');
  const key = await requireQueueKey(options, 'run --redis', cli);
  const { RunQueue } = await loadRedis();
  const queue = new RunQueue({ redis, key });
  try {
    const runId = randomUUID();
    if (options.detach) {
      await queue.enqueue(workflow, input, { runId, user: options.user });
      if (options.json) cli.output.json({ runId });
      else {
        cli.output.line(runId);
        cli.output.note(
          `queued: \`toolsteps runs show ${runId} ${options.redisOption ?? `--redis ${redisUrlShown(redis)}`}\` follows it`,
        );
      }
      return EXIT.ok;
    }
    const journal = await openRunJournal({ redis });
    try {
      return await runUntilDone(
        async (_signal, onEvent) => {
          await queue.enqueue(workflow, input, {
            runId,
            user: options.user,
            onEvent: onEvent ?? (() => undefined),
          });
          return queue.result(runId);
        },
        { json: options.json, runId, onInterrupt: () => void journal.cancel(runId, { live: true }) },
        cli,
      );
    } finally {
      await journal.close();
    }
  } finally {
    await queue.close();
  }
}
