import { JOURNALED_RUN_STATUSES, type JournaledRun, type JournaledRunStatus } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { withJournal } from '../open-journal.js';
import { printable } from '../printable.js';
import { textTable } from '../text-table.js';
import { parseLimit } from '../triggers/delivery-view.js';

export interface RunsOptions {
  status?: string;
  limit?: string;
  journal?: string;
  redis?: string;
  json?: boolean;
}

const DEFAULT_LIMIT = 50;

/** `toolsteps runs`: the journaled runs, newest first; a `running` one that no process holds crashed. */
export async function runsCommand(options: RunsOptions, cli: CliContext): Promise<number> {
  const status = parseRunStatuses(options.status);
  const limit = parseLimit(options.limit, DEFAULT_LIMIT);
  return withJournal(options, async (journal) => {
    const found = await journal.runs({ status, limit });
    if (options.json) {
      cli.output.json(found);
      return EXIT.ok;
    }
    if (found.length === 0) {
      cli.output.line('No run is journaled' + (status ? ` with status ${status.join(' or ')}` : ''));
      return EXIT.ok;
    }
    const rows = found.map((run) => [
      new Date(run.startedAt).toISOString(),
      printable(run.id),
      printable(run.workflowId),
      run.status,
      runDuration(run),
      String(run.stepsDone),
    ]);
    const header = ['STARTED', 'RUN', 'WORKFLOW', 'STATUS', 'DURATION', 'STEPS DONE'];
    for (const line of textTable([header, ...rows])) cli.output.line(line);
    if (found.length === limit) cli.output.note(`The newest ${limit} are shown: --limit shows more`);
    return EXIT.ok;
  });
}

/** `--status`: a comma-separated list of run statuses. */
function parseRunStatuses(text: string | undefined): JournaledRunStatus[] | undefined {
  if (text === undefined) return undefined;
  const statuses = text.split(',').map((item) => item.trim());
  const unknown = statuses.filter((item) => !JOURNALED_RUN_STATUSES.includes(item as JournaledRunStatus));
  if (unknown.length > 0)
    throw new UsageError(
      `--status: unknown ${unknown.join(', ')} (one or more of ${JOURNALED_RUN_STATUSES.join(', ')})`,
    );
  return statuses as JournaledRunStatus[];
}

/** How long a finished run took; `-` for one still running or cut short by a crash. */
export function runDuration(run: JournaledRun): string {
  return run.finishedAt === undefined ? '-' : `${run.finishedAt - run.startedAt} ms`;
}
