import type { CliContext } from '../cli-context.js';
import { openJournal } from '../open-journal.js';
import type { HostRuns, HostRunsOptions } from './host-runs-options.js';

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
