import type { RunLauncher } from '@toolsteps/engine';
import type { Command } from 'commander';
import type { CliContext } from '../cli-context.js';
import { type QueueKeyOptions, queueKeyFileOption } from '../queue-key-option.js';
import { redisUrlFileOption } from '../redis-url-option.js';

// Apart from openHostRuns, so the queued way (loaded only with --redis) shares them without an import circle.
export interface HostRunsOptions extends QueueKeyOptions {
  /** The journal file; `false` (`--no-journal`) keeps runs in memory only. */
  journal?: string | false;
  /** Queue the runs for `toolsteps worker`s on this Redis (its URL, wherever it was given) instead of running them here. */
  redis?: string;
  /** The queue on that Redis; default the workers' default. */
  queue?: string;
}

/** Where a trigger host's runs run and are journaled, for `serve` and `deliveries replay`. */
export interface HostRuns {
  /** The context to make engines with: on its own, each records its runs to the journal. */
  cli: CliContext;
  /** Set when runs go to workers: the host's launcher. */
  launcher?: RunLauncher;
  /** Where runs go, for the ready line: the queue's Redis (its password masked), when queued. */
  queue?: { redis: string; name: string };
  close(): Promise<void>;
}

// Where a trigger host's runs run and are journaled: serve's and a replay's must be the same.
export const addHostRunsOptions = (command: Command) =>
  command
    .option(
      '--journal <path>',
      "the run journal (SQLite), default .toolsteps/runs.sqlite; with --redis, the workers' when they keep one (default: on Redis)",
    )
    .option('--no-journal', 'keep runs in memory only: a run cut off by a crash is run again, not resumed')
    .option(
      '--redis [url]',
      'queue the runs for `toolsteps worker`s on this Redis instead of running them here (no URL: TOOLSTEPS_REDIS_URL)',
    )
    .addOption(redisUrlFileOption())
    .addOption(queueKeyFileOption())
    .option('--queue <name>', 'with --redis: the queue (default toolsteps-runs)');
