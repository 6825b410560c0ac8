import { ResumeRefused, type RunJournal } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../exit-codes.js';
import { oneRunId } from '../one-run-id.js';
import { openExistingJournal } from '../open-journal.js';
import { refuseRunHeldElsewhere } from '../refuse-run-held-elsewhere.js';
import { runUntilDone } from '../run-until-done.js';

export interface RunsResumeOptions {
  accounts?: string;
  journal?: string;
  /** The journal of runs queued on this Redis (`run --redis`), instead of an SQLite file. */
  redis?: string;
  /** With `redis`: the workers' queue, where a worker may hold the run (default `toolsteps-runs`). */
  queue?: string;
  /** Another workflow file to go on with (default: the one the run started from). */
  workflow?: string;
  force?: boolean;
  json?: boolean;
}

/**
 * `toolsteps runs resume <id>`: goes on with a run that crashed, failed, or stopped as
 * `outcome_unknown` once settled. Steps it recorded are replayed, not run again.
 */
export async function runsResumeCommand(
  id: string,
  options: RunsResumeOptions,
  cli: CliContext,
): Promise<number> {
  requireAccounts(options.accounts, 'runs resume');
  const journal = await openExistingJournal(options);
  try {
    const runId = await oneRunId(journal, id);
    await refuseIfHeldByAWorker(journal, runId, options);
    return await resumeIn(journal, runId, options, cli);
  } finally {
    await journal.close();
  }
}

/** Resumes `runId` with the journal open: `runs resolve` goes on this way too. */
export async function resumeIn(
  journal: RunJournal,
  runId: string,
  options: RunsResumeOptions,
  cli: CliContext,
): Promise<number> {
  const vault = await cli.openVault(requireAccounts(options.accounts, 'runs resume'));
  const engine = await cli.engine(vault, { journal });
  try {
    return await runUntilDone(
      (signal, onEvent) =>
        engine.resume(runId, { signal, onEvent, force: options.force, workflow: options.workflow }),
      { json: options.json, journal, runId },
      cli,
    );
  } catch (error) {
    if (error instanceof ResumeRefused) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * A run of the workers' journal (--redis) may be held by a worker on another machine, which the pid
 * check of `engine.resume` cannot see: refused then, unless --force.
 */
export async function refuseIfHeldByAWorker(
  journal: RunJournal,
  runId: string,
  options: RunsResumeOptions,
): Promise<void> {
  if (options.redis === undefined) {
    if (options.queue !== undefined)
      throw new UsageError("--queue goes with --redis: it names the workers' queue on that Redis");
    return;
  }
  const run = await journal.run(runId);
  if (run)
    await refuseRunHeldElsewhere(run, { redis: options.redis, queue: options.queue, force: options.force });
}

/**
 * A resumed run sends to the accounts it ran with. Without --accounts the CLI would start fresh
 * emulators, which know nothing of what the run did: a resume there proves nothing, so it is refused.
 */
export function requireAccounts(accounts: string | undefined, command: string): string {
  if (accounts !== undefined) return accounts;
  throw new UsageError(
    `${command} needs --accounts <file>: the accounts the run writes to. The emulators a run without --accounts used are gone with it`,
  );
}
