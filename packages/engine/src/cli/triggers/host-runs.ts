import type { RunLauncher } from '../../triggers/host/run-launcher.js';
import type { CliContext } from '../cli-context.js';
import { openJournal } from '../open-journal.js';
import type { QueueKeyOptions } from '../queue-key-option.js';

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

/**
 * Runs here, journaled as `toolsteps run` journals (`.toolsteps/runs.sqlite` unless --journal or
 * --no-journal), so a delivery taken again resumes its run; or, with --redis, queued for workers,
 * which journal them. BullMQ and ioredis load only then.
 */
export async function openHostRuns(
  options: HostRunsOptions,
  cli: CliContext,
  command: string,
): Promise<HostRuns> {
  if (options.redis !== undefined)
    return (await import('./queued-host-runs.js')).queuedHostRuns(options, cli, command);
  if (options.journal === false) return { cli, close: async () => {} };
  const journal = openJournal(options.journal, { create: true });
  return {
    // Every engine the command makes, on emulators too, records to the journal.
    cli: { ...cli, engine: (vault, engineOptions) => cli.engine(vault, { ...engineOptions, journal }) },
    close: () => journal.close(),
  };
}
