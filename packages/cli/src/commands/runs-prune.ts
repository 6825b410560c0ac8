import type { CliContext } from '../cli-context.js';
import { EXIT } from '../exit-codes.js';
import { type JournalChoice, withJournal } from '../open-journal.js';
import { DEFAULT_KEEP, keepDuration } from '../prune-old-runs.js';

/**
 * `toolsteps runs prune [--older-than 30d]`: deletes finished runs older than that. Runs waiting for
 * a decision (`outcome_unknown`) or never finished are kept: deleting them would lose what they sent.
 */
export async function runsPruneCommand(options: JournalChoice & { olderThan?: string }, cli: CliContext) {
  const keepMs = keepDuration(options.olderThan, '--older-than');
  return withJournal(options, async (journal) => {
    const deleted = await journal.prune(Date.now() - keepMs);
    cli.output.line(
      `Deleted ${deleted} finished run${deleted === 1 ? '' : 's'} older than ${options.olderThan ?? DEFAULT_KEEP}`,
    );
    return EXIT.ok;
  });
}
