import { randomUUID } from 'node:crypto';
import { RunQueue } from '../../queue/run-queue.js';
import type { CliContext } from '../cli-context.js';
import { EXIT } from '../exit-codes.js';
import { openRunJournal } from '../open-run-journal.js';
import { readRunInput } from '../read-input.js';
import { requireRedis } from '../require-redis.js';
import { runUntilDone } from '../run-until-done.js';
import { reportInvalid } from './validate.js';

export interface RunQueuedOptions {
  input?: string;
  redis?: string;
  detach?: boolean;
  json?: boolean;
}

/**
 * `toolsteps run <workflow> --redis URL [--detach]`: checks the workflow here, then puts the run on
 * the queue for `toolsteps worker`s. With --detach it prints the run id and returns; else it shows
 * the run's progress as the worker reports it and ends as `run` does.
 */
export async function runQueuedCommand(
  file: string,
  options: RunQueuedOptions,
  cli: CliContext,
): Promise<number> {
  const redis = requireRedis(options.redis, 'run --redis');
  const input = await readRunInput(options.input);
  const engine = await cli.engine();
  // Accounts are the workers' own: only the workflow and its steps are checked here.
  const checked = await engine.validate(file, { accounts: false });
  if (!checked.ok)
    return reportInvalid([{ file, diagnostics: checked.diagnostics }], options.json ?? false, cli);
  const queue = new RunQueue({ redis });
  try {
    const runId = randomUUID();
    if (options.detach) {
      await queue.enqueue(checked.workflow, input, { runId });
      if (options.json) cli.output.json({ runId });
      else {
        cli.output.line(runId);
        cli.output.note(
          `queued: \`toolsteps runs show ${runId} --redis ${withoutPassword(redis)}\` follows it`,
        );
      }
      return EXIT.ok;
    }
    const journal = await openRunJournal({ redis });
    try {
      return await runUntilDone(
        async (_signal, onEvent) => {
          await queue.enqueue(checked.workflow, input, { runId, onEvent: onEvent ?? (() => undefined) });
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

/** The URL to show: a password in it is a secret, and terminals are logged. */
function withoutPassword(redis: string): string {
  const url = new URL(redis);
  if (url.password) url.password = '***';
  return url.toString();
}
