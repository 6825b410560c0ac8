import type { Engine } from '../../container/create-engine.js';
import type { CompiledWorkflow } from '../../workflow/compiled-workflow.js';
import type { CliContext } from '../cli-context.js';
import { engineOnEmulators } from '../emulated-engine.js';
import { EXIT } from '../exit-codes.js';
import { integrationsUsed } from '../integrations-used.js';
import { openJournal } from '../open-journal.js';
import { progressReporter } from '../progress.js';
import { readRunInput } from '../read-input.js';
import { runFailureLine } from '../run-failure.js';
import { reportInvalid } from './validate.js';

export interface RunCommandOptions {
  input?: string;
  accounts?: string;
  json?: boolean;
  /** The journal file; `false` (`--no-journal`) keeps the run in memory only. */
  journal?: string | false;
}

/**
 * `toolsteps run`: validates, then runs a workflow with live progress; emulators stand in without
 * --accounts. The run is journaled to `.toolsteps/runs.sqlite` unless told otherwise.
 */
export async function runCommand(file: string, options: RunCommandOptions, cli: CliContext): Promise<number> {
  const input = await readRunInput(options.input);
  if (options.journal === false) return runWith(file, input, options, cli);
  const journal = openJournal(options.journal, { create: true });
  try {
    // Every engine the command makes, on emulators too, records to the journal.
    const journaled: CliContext = { ...cli, engine: (vault) => cli.engine(vault, { journal }) };
    return await runWith(file, input, options, journaled);
  } finally {
    await journal.close();
  }
}

async function runWith(
  file: string,
  input: unknown,
  options: RunCommandOptions,
  cli: CliContext,
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
    return await execute(engine, checked.workflow, input, options, cli);
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
): Promise<number> {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    const result = await engine.run(workflow, input, {
      signal: controller.signal,
      onEvent: options.json ? undefined : progressReporter(cli.output),
    });
    if (options.json) cli.output.json(result);
    else if (result.output !== undefined) cli.output.line(JSON.stringify(result.output, null, 2));
    if (result.status === 'succeeded') return EXIT.ok;
    if (!options.json) cli.output.error(cli.output.colors().red(runFailureLine(result)));
    return EXIT.failed;
  } finally {
    process.off('SIGINT', onSignal);
  }
}
