import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';
import { queueKeyFileOption } from '../queue-key-option.js';
import { redisUrlFileOption, withRedisUrl } from '../redis-url-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const workerCommand: typeof import('./worker.js').workerCommand = async (...args) =>
  (await import('./worker.js')).workerCommand(...args);

export function addWorkerCommand(program: Command, { action }: CommandKit): void {
  program
    .command('worker')
    .description('take queued runs from Redis and run them until Ctrl-C; resumes runs a dead worker held')
    .option(
      '--redis [url]',
      'the Redis the queue lives in, e.g. redis://127.0.0.1:6379 (default: TOOLSTEPS_REDIS_URL)',
    )
    .addOption(redisUrlFileOption())
    .addOption(queueKeyFileOption())
    .requiredOption('--accounts <file>', 'connected accounts file: the accounts runs use')
    .option('--concurrency <n>', 'runs at once (default 8)')
    .option('--queue <name>', 'the queue (default toolsteps-runs)')
    .option(
      '--journal <path>',
      'an SQLite journal, when every worker runs on this machine (default: on Redis)',
    )
    .option(
      '--lock-duration <duration>',
      'how long a dead worker holds its runs before another resumes them (default 30s)',
    )
    .addOption(jsonOption())
    .action(action((cli, options) => workerCommand(withRedisUrl(options, cli, { always: true }), cli)));
}
