import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import type { CliContext, GlobalOptions } from './cli-context.js';
import { type CliIo, processIo } from './cli-io.js';
import { tolerateClosedPipes } from './closed-pipes.js';
import type { CommandKit } from './command-kit.js';
import { addAccountsCommand } from './commands/accounts-command.js';
import { addConnectCommand } from './commands/connect-command.js';
import { addDeliveriesListCommand, addDeliveryShowCommand } from './commands/deliveries-command.js';
import { addDeliveriesPruneCommand } from './commands/deliveries-prune-command.js';
import { addDeliveryReplayCommand } from './commands/deliveries-replay-command.js';
import { addDescribeCommand } from './commands/describe-command.js';
import { addDisconnectCommand } from './commands/disconnect-command.js';
import { addEmulateCommand } from './commands/emulate-command.js';
import { addEncryptAccountsCommand } from './commands/encrypt-accounts-command.js';
import { addMcpCommand } from './commands/mcp-command.js';
import { addRunCommand } from './commands/run-command.js';
import { addRunsCancelCommand } from './commands/runs-cancel-command.js';
import { addRunsListCommand } from './commands/runs-command.js';
import { addRunsPruneCommand } from './commands/runs-prune-command.js';
import { addRunsResolveCommand } from './commands/runs-resolve-command.js';
import { addRunsResumeCommand } from './commands/runs-resume-command.js';
import { addRunShowCommand } from './commands/runs-show-command.js';
import { addSchemaCommand } from './commands/schema-command.js';
import { addServeCommand } from './commands/serve-command.js';
import { addStepsCommand } from './commands/steps-command.js';
import { addToolsCommand } from './commands/tools-command.js';
import { addTriggerActivationCommands } from './commands/trigger-activation-command.js';
import { addTriggerMatchCommand } from './commands/trigger-match-command.js';
import { addTriggerTestCommand } from './commands/trigger-test-command.js';
import { addTriggersCommand } from './commands/triggers-command.js';
import { addValidateCommand } from './commands/validate-command.js';
import { addWorkerCommand } from './commands/worker-command.js';
import { EXIT, UsageError } from './exit-codes.js';
import { helpAsOption } from './help-as-option.js';
import { printable } from './printable.js';

/**
 * Builds the `toolsteps` program writing to `io`; each action resolves with the process exit code. Each
 * command's options and registration are in `commands/<name>-command.ts`, beside its handler in
 * `commands/<name>.ts`, which loads only when the command runs; this is the tree of commands, in the
 * order help lists them.
 */
export function buildProgram(exit: (code: number) => void, io: CliIo): Command {
  const program = new Command('toolsteps')
    .description('Run and check JSON workflows of integration tool steps.')
    .version(engineVersion(), '-V, --version', 'print the engine version')
    .option('--config <file>', 'a toolsteps.config.json naming the integrations to load')
    .showHelpAfterError()
    // Commander's own lines (an unknown option, echoed as typed) are as printable as the commands'.
    .configureOutput({
      writeOut: (text) => io.stdout.write(printable(text, { lines: true })),
      writeErr: (text) => io.stderr.write(printable(text, { lines: true })),
      outputError: (text, write) => write(`${printable(text.trimEnd())}\n`),
    })
    .exitOverride();

  const kit: CommandKit = {
    action:
      <A extends unknown[]>(body: (cli: CliContext, ...args: A) => Promise<number>) =>
      async (...args: A) => {
        // The engine loads with the context, when a command runs: `--version` and `--help` start without it.
        const { cliContext } = await import('./cli-context.js');
        const cli = cliContext(program.opts<GlobalOptions>(), io);
        try {
          exit(await body(cli, ...args));
        } catch (error) {
          exit(reportError(error, cli));
        }
      },
    globalOptions: () => program.opts<GlobalOptions>(),
    io,
  };

  addRunCommand(program, kit);
  addWorkerCommand(program, kit);
  addValidateCommand(program, kit);
  addStepsCommand(program, kit);
  addToolsCommand(program, kit);
  addMcpCommand(program, kit);
  addTriggersCommand(program, kit);
  addDescribeCommand(program, kit);

  const trigger = program.command('trigger').description('work with bindings of triggers to workflows');
  addTriggerTestCommand(trigger, kit);
  addTriggerMatchCommand(trigger, kit);
  addTriggerActivationCommands(trigger, kit);

  addSchemaCommand(program, kit);
  addEmulateCommand(program, kit);
  addServeCommand(program, kit);

  const deliveries = program
    .command('deliveries')
    .description('the deliveries the trigger store keeps: list (default), show, replay, prune');
  addDeliveriesListCommand(deliveries, kit);
  addDeliveryShowCommand(deliveries, kit);
  addDeliveryReplayCommand(deliveries, kit);
  addDeliveriesPruneCommand(deliveries, kit);

  const runs = program
    .command('runs')
    .description('the runs the journal keeps: list (default), show, resume, resolve, cancel, prune');
  addRunsListCommand(runs, kit);
  addRunShowCommand(runs, kit);
  addRunsResumeCommand(runs, kit);
  addRunsResolveCommand(runs, kit);
  addRunsCancelCommand(runs, kit);
  addRunsPruneCommand(runs, kit);

  addConnectCommand(program, kit);
  addAccountsCommand(program, kit);
  addDisconnectCommand(program, kit);
  addEncryptAccountsCommand(program, kit);

  return program;
}

function engineVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

function reportError(error: unknown, cli: CliContext): number {
  if (error instanceof UsageError) {
    // One line, as a usage error is: what it quotes (an argument, an id from a file) cannot add one.
    cli.output.error(`toolsteps: ${printable(error.message)}`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  // Configuration faults (unreadable accounts file, bad config, missing integration) are the user's to fix.
  cli.output.error(`toolsteps: ${message}`);
  return EXIT.invalid;
}

/**
 * Runs one `toolsteps` command line (`argv` as `process.argv` has it: node, script, arguments…) and
 * resolves with its exit code; what it prints goes to `io`.
 */
export async function runToolsteps(argv: string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = buildProgram((code) => {
    exitCode = code;
  }, io);
  try {
    await program.parseAsync(helpAsOption(argv));
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.invalid;
    throw error;
  }
  return exitCode;
}

export async function main(argv: string[]): Promise<void> {
  tolerateClosedPipes();
  process.exitCode = await runToolsteps(argv, processIo());
}
