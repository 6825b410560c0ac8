import type { Engine } from '../../container/create-engine.js';
import type { CompiledStep, CompiledWorkflow } from '../../workflow/compiled-workflow.js';
import type { CliContext } from '../cli-context.js';
import { DemoVault } from '../demo-vault.js';
import { startEmulators } from '../emulators.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { progressReporter } from '../progress.js';
import { readRunInput } from '../read-input.js';
import { runFailureLine } from '../run-failure.js';
import { reportInvalid } from './validate.js';

export interface RunCommandOptions {
  input?: string;
  accounts?: string;
  json?: boolean;
}

/** `toolsteps run`: validates, then runs a workflow with live progress; emulators stand in without --accounts. */
export async function runCommand(file: string, options: RunCommandOptions, cli: CliContext): Promise<number> {
  const input = await readRunInput(options.input);
  const vault = options.accounts ? await cli.openVault(options.accounts) : undefined;
  let engine = await cli.engine(vault);
  let checked = await engine.validate(file, { accounts: vault !== undefined });
  if (!checked.ok)
    return reportInvalid([{ file, diagnostics: checked.diagnostics }], options.json ?? false, cli);

  let closeEmulators = async () => {};
  if (!vault) {
    const used = integrationsUsed(checked.workflow);
    const emulators = await startEmulators(engine.registry, used).catch((error: unknown) => {
      throw error instanceof UsageError
        ? new UsageError(
            `${error.message}: pass --accounts <file> to run this workflow with connected accounts`,
          )
        : error;
    });
    closeEmulators = emulators.close;
    for (const account of emulators.accounts) cli.scrubber.addCredentials(account.credentials);
    // Said even with --json (on stderr): results from emulators must never pass for real ones.
    if (used.length > 0) {
      const where = emulators.sessions.map((s) => `${s.integration} at ${s.baseUrl}`).join(', ');
      cli.output.note(`No --accounts given: running against local emulators with demo accounts (${where})`);
    }
    engine = await cli.engine(new DemoVault(emulators.accounts));
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

/** The integrations a workflow's steps belong to, in the order they first appear. */
function integrationsUsed(workflow: CompiledWorkflow): string[] {
  const ids = new Set<string>();
  const visit = (steps: CompiledStep[]) => {
    for (const step of steps) {
      if (step.integration) ids.add(step.integration.id);
      if (step.forEach) visit(step.forEach.steps);
      for (const branch of step.parallel ?? []) visit(branch);
    }
  };
  visit(workflow.steps);
  return [...ids];
}
