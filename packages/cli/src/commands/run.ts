import { randomUUID } from 'node:crypto';
import type { CompiledWorkflow, CredentialVault, Engine } from '@toolsteps/engine';
import type { SqliteJournal } from '@toolsteps/sqlite';
import { checkBeforeRun } from '../check-before-run.js';
import type { CliContext } from '../cli-context.js';
import { engineOnEmulators } from '../emulated-engine.js';
import { UsageError } from '../exit-codes.js';
import { integrationsUsed } from '../integrations-used.js';
import { openJournal } from '../open-journal.js';
import { keepDuration, pruneOldRuns } from '../prune-old-runs.js';
import { readRunInput } from '../read-input.js';
import { runUntilDone } from '../run-until-done.js';
import type { RunQueuedOptions } from './run-queued.js';
import { reportInvalid } from './validate.js';

export interface RunCommandOptions extends RunQueuedOptions {
  input?: string;
  accounts?: string;
  json?: boolean;
  /** The end user the run acts for (`--user`): only that user's accounts are used, a resume included. */
  user?: string;
  /** The journal file; `false` (`--no-journal`) keeps the run in memory only. */
  journal?: string | false;
  /** How long finished runs stay in the journal (`--keep`, default 30d). */
  keep?: string;
  /** Queue the run for workers on this Redis instead of running it here (its URL, wherever it was given). */
  redis?: string;
}

/**
 * `toolsteps run`: validates the workflow and its input, then runs it with live progress; emulators
 * stand in without --accounts. The run is journaled to `.toolsteps/runs.sqlite` unless told otherwise.
 */
export async function runCommand(file: string, options: RunCommandOptions, cli: CliContext): Promise<number> {
  refuseQueuedWithAccounts(options);
  if (options.user === '') throw new UsageError('--user needs the name of the end user the run acts for');
  const input = await readRunInput(options.input);
  const json = options.json ?? false;
  if (options.redis !== undefined) {
    // Accounts are the workers' own: the workflow and the input are checked here, before anything is queued.
    const checked = await checkBeforeRun(
      file,
      input,
      await cli.engine(),
      { accounts: false, json, user: options.user },
      cli,
    );
    if (!checked.ok) return checked.exitCode;
    // Loaded only to queue: BullMQ costs every other run its load time.
    return (await import('./run-queued.js')).runQueuedCommand(checked.workflow, input, options, cli);
  }
  keepDuration(options.keep, '--keep');
  const vault = options.accounts ? await cli.openVault(options.accounts) : undefined;
  const engine = await cli.engine(vault);
  // Before any emulator starts or the journal is opened: a mistake in the file or the input starts nothing.
  const checked = await checkBeforeRun(
    file,
    input,
    engine,
    { accounts: vault !== undefined, json, user: options.user },
    cli,
  );
  if (!checked.ok) return checked.exitCode;
  const ready: Ready = { file, input, vault, engine, workflow: checked.workflow };
  if (options.journal === false) return runWith(ready, options, cli);
  const journal = openJournal(options.journal, { create: true });
  try {
    // Every engine the command makes, on emulators too, records to the journal.
    const journaled: CliContext = { ...cli, engine: (vault) => cli.engine(vault, { journal }) };
    const exitCode = await runWith(ready, options, journaled, journal);
    await pruneOldRuns(journal, options.keep, cli);
    return exitCode;
  } finally {
    await journal.close();
  }
}

/** A run whose workflow and input passed every check, with the engine that checked them. */
interface Ready {
  file: string;
  input: unknown;
  vault: CredentialVault | undefined;
  /** Not journaled: it only lends its catalog to the emulators. */
  engine: Engine;
  workflow: CompiledWorkflow;
}

async function runWith(
  ready: Ready,
  options: RunCommandOptions,
  cli: CliContext,
  journal?: SqliteJournal,
): Promise<number> {
  const { file, input, vault } = ready;
  if (vault) return execute(await cli.engine(vault), ready.workflow, input, options, cli, journal);
  const emulated = await engineOnEmulators(
    cli,
    ready.engine,
    integrationsUsed(ready.workflow),
    'this workflow',
  );
  try {
    // Accounts are checked now that the emulators' demo accounts exist.
    const checked = await emulated.engine.validate(file);
    if (!checked.ok)
      return reportInvalid([{ file, diagnostics: checked.diagnostics }], options.json ?? false, cli);
    return await execute(emulated.engine, checked.workflow, input, options, cli, journal);
  } finally {
    await emulated.close();
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
    (signal, onEvent) => engine.run(workflow, input, { runId, user: options.user, signal, onEvent }),
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
