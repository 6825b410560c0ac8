import { type RunJournal, toMilliseconds } from '@toolsteps/engine';
import type { CliContext } from './cli-context.js';
import { UsageError } from './exit-codes.js';

/** How long a finished run is kept when nobody says: long enough to look back on a month. */
export const DEFAULT_KEEP = '30d';

/** A `--keep`/`--older-than` duration ("30d", "12h", "90m") in milliseconds. */
export function keepDuration(text: string | undefined, option: string): number {
  const given = text ?? DEFAULT_KEEP;
  let duration: number;
  try {
    duration = toMilliseconds(given);
  } catch {
    throw new UsageError(`${option}: "${given}" is not a duration such as 30d, 12h or 90m`);
  }
  if (duration < 0) throw new UsageError(`${option}: a duration of 0 or more is needed`);
  return duration;
}

/**
 * Deletes finished runs older than `keep`, after a run: the journal does not grow without bound.
 * Runs waiting for a decision are kept (RunJournal.prune). A failure to prune warns, never fails the run.
 */
export async function pruneOldRuns(journal: RunJournal, keep: string | undefined, cli: CliContext) {
  const keepMs = keepDuration(keep, '--keep');
  try {
    await journal.prune(Date.now() - keepMs);
  } catch (error) {
    cli.output.note(
      `The journal could not drop runs older than ${keep ?? DEFAULT_KEEP}: ${(error as Error).message}`,
    );
  }
}
