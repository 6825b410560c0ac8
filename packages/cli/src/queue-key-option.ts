import { Option } from 'commander';
import type { CliContext } from './cli-context.js';
import { UsageError } from './exit-codes.js';
import { loadRedis } from './load-redis.js';
import { readSecretFile } from './read-secret-file.js';

/** Where the CLI reads the queue key when no `--queue-key-file` is given. */
export const QUEUE_KEY_ENV = 'TOOLSTEPS_QUEUE_KEY';

export const queueKeyFileOption = () =>
  new Option(
    '--queue-key-file <file>',
    'the queue key that signs queued runs, read from this file (default: TOOLSTEPS_QUEUE_KEY)',
  );

export interface QueueKeyOptions {
  /** A file holding the key (one line). */
  queueKeyFile?: string;
}

/**
 * The key that signs queued runs, for a command that queues runs or runs them (`worker`, `run`,
 * `serve` and `deliveries replay` with --redis): from `--queue-key-file`, else `TOOLSTEPS_QUEUE_KEY`.
 * Never from an argument, which `ps` shows to every user. There is no default: a key made up here
 * would differ from the workers' on another machine, and every run would be refused there.
 */
export async function requireQueueKey(
  options: QueueKeyOptions,
  command: string,
  cli: CliContext,
): Promise<string> {
  const given = keyGiven(options, cli);
  if (given === undefined) {
    throw new UsageError(
      `${command} needs the queue key, which signs queued runs (workers run no other job): set ${QUEUE_KEY_ENV} ` +
        'or give --queue-key-file <file>, the same key for every worker and everything that queues runs. ' +
        'Create one with `openssl rand -base64 32 > queue.key && chmod 600 queue.key`',
    );
  }
  const { queueKeyBytes } = await loadRedis();
  try {
    queueKeyBytes(given.text);
  } catch (error) {
    throw new UsageError(`${given.source}: ${(error as Error).message}`);
  }
  cli.scrubber.add(given.text);
  return given.text;
}

function keyGiven(options: QueueKeyOptions, cli: CliContext): { text: string; source: string } | undefined {
  if (options.queueKeyFile !== undefined) {
    const file = readSecretFile(options.queueKeyFile, '--queue-key-file');
    if (file.openToOthers)
      cli.output.note(
        `toolsteps: warning: other users can read or replace the queue key file ${options.queueKeyFile} (mode ${file.mode}): ` +
          `whoever holds the key and can write to the Redis runs workflows with every account of the workers. Run \`chmod 600 ${options.queueKeyFile}\``,
      );
    return { text: file.text, source: `--queue-key-file ${options.queueKeyFile}` };
  }
  const text = process.env[QUEUE_KEY_ENV];
  // An empty variable is a key forgotten, not one given.
  if (text === undefined || text.trim() === '') return undefined;
  return { text: text.trim(), source: QUEUE_KEY_ENV };
}
