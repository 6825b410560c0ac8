import { randomUUID } from 'node:crypto';
import type { Engine } from '../../container/create-engine.js';
import type { SqliteJournal } from '../../journal/sqlite-journal.js';
import type { CompiledWorkflow } from '../../workflow/compiled-workflow.js';
import type { CliContext } from '../cli-context.js';
import { engineOnEmulators } from '../emulated-engine.js';
import { UsageError } from '../exit-codes.js';
import { integrationsUsed } from '../integrations-used.js';
import { openJournal } from '../open-journal.js';
import { keepDuration, pruneOldRuns } from '../prune-old-runs.js';
import { readRunInput } from '../read-input.js';
import { runUntilDone } from '../run-until-done.js';
import { reportInvalid } from './validate.js';

export interface RunCommandOptions {
  input?: string;
  accounts?: string;
  json?: boolean;
  /** The journal file; `false` (`--no-journal`) keeps the run in memory only. */
  journal?: string | false;
  /** How long finished runs stay in the journal (`--keep`, default 30d). */
  keep?: string;
  /** Queue the run for workers on this Redis instead of running it here. */
  redis?: string;
  detach?: boolean;
}

/**
 * `toolsteps run`: validates, then runs a workflow with live progress; emulators stand in without
 * --accounts. The run is journaled to `.toolsteps/runs.sqlite` unless told otherwise.
 */
export async function runCommand(file: string, options: RunCommandOptions, cli: CliContext): Promise<number> {
  refuseQueuedWithAccounts(options);
  // Loaded only to queue: BullMQ costs every other run its load time.
  if (options.redis !== undefined)
    return (await import('./run-queued.js')).runQueuedCommand(file, options, cli);
  const input = await readRunInput(options.input);
  keepDuration(options.keep, '--keep');
  if (options.journal === false) return runWith(file, input, options, cli);
  const journal = openJournal(options.journal, { create: true });
  try {
    // Every engine the command makes, on emulators too, records to the journal.
    const journaled: CliContext = { ...cli, engine: (vault) => cli.engine(vault, { journal }) };
    const exitCode = await runWith(file, input, options, journaled, journal);
    await pruneOldRuns(journal, options.keep, cli);
    return exitCode;
  } finally {
    await journal.close();
  }
}

async function runWith(
  file: string,
  input: unknown,
  options: RunCommandOptions,
  cli: CliContext,
  journal?: SqliteJournal,
): Promise<number> {
  const vault = options.accounts ? await cli.openVault(options.accounts) : undefined;
  let engine = await cli.engine(vault);
  let checked = await engine.validate(file, { accounts: vault !== undefined });
  if (!checked.ok)
    return reportInvalid([{ file, diagnostics: checked.diagnostics }], options.json ?? false, cli);

  let closeEmulators = async () => {};
  if (!vault) {
    const emulated = await engineOnEmulators(
      cli,
      engine,
      integrationsUsed(checked.workflow),
      'this workflow',
    );
    closeEmulators = emulated.close;
    engine = emulated.engine;
    checked = await engine.validate(file);
    if (!checked.ok) {
      await closeEmulators();
      return reportInvalid([{ file, diagnostics: checked.diagnostics }], options.json ?? false, cli);
    }
  }

  try {
    return await execute(engine, checked.workflow, input, options, cli, journal);
  } finally {
    await closeEmulators();
  }
}

async function execute(
  engine: Engine,
  workflow: CompiledWorkflow,
  input: unknown,
  options: RunCommandOptions,
  cli: CliContext,
  journal: SqliteJournal | undefined,
): Promise<number> {
  const runId = randomUUID();
  return runUntilDone(
    (signal, onEvent) => engine.run(workflow, input, { runId, signal, onEvent }),
    { json: options.json, journal, runId },
    cli,
  );
}

/** `--detach` and `--accounts` against `--redis`: what only a queued run, or only a local one, takes. */
function refuseQueuedWithAccounts(options: { redis?: string; accounts?: string; detach?: boolean }): void {
  if (options.detach && options.redis === undefined)
    throw new UsageError('--detach goes with --redis: only a queued run can be left to run');
  if (options.redis !== undefined && options.accounts !== undefined)
    throw new UsageError('--accounts goes to the workers (toolsteps worker --accounts), not to run --redis');
}
