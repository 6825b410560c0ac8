import { heldByLiveProcess } from '@toolsteps/engine/adapters';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { oneRunId } from '../one-run-id.js';
import { type JournalChoice, withJournal } from '../open-journal.js';
import { printable } from '../printable.js';

/**
 * `toolsteps runs cancel <id>`: a run no process holds (crashed, failed, outcome unknown) is
 * cancelled at once and will not be resumed; a run still going is asked to stop, and its process
 * stops it within a second, as Ctrl-C would.
 */
export async function runsCancelCommand(id: string, options: JournalChoice, cli: CliContext) {
  return withJournal(options, async (journal) => {
    const runId = await oneRunId(journal, id);
    const run = await journal.run(runId);
    const live = run?.status === 'running' && heldByLiveProcess(run);
    if (!(await journal.cancel(runId, { live }))) {
      throw new UsageError(
        `Run ${printable(runId)} is ${run?.status ?? 'gone'}: there is nothing to cancel`,
        EXIT.failed,
      );
    }
    cli.output.line(
      live
        ? `Asked process ${run?.ownerPid} to stop run ${printable(runId)}: it stops within a second`
        : `Run ${printable(runId)} cancelled: it will not be resumed`,
    );
    return EXIT.ok;
  });
}
