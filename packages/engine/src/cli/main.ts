import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { type CliContext, cliContext, type GlobalOptions } from './cli-context.js';
import { describeCommand } from './commands/describe.js';
import { emulateCommand } from './commands/emulate.js';
import { encryptAccountsCommand } from './commands/encrypt-accounts.js';
import { runCommand } from './commands/run.js';
import { schemaCommand } from './commands/schema.js';
import { stepsCommand } from './commands/steps.js';
import { validateCommand } from './commands/validate.js';
import { EXIT, UsageError } from './exit-codes.js';

/** Builds the `toolsteps` program; each action resolves with the process exit code. */
export function buildProgram(exit: (code: number) => void): Command {
  const program = new Command('toolsteps')
    .description('Run and check JSON workflows of integration tool steps.')
    .version(engineVersion(), '-V, --version', 'print the engine version')
    .option('--config <file>', 'a toolsteps.config.json naming the integrations to load')
    .showHelpAfterError()
    .exitOverride();

  const action =
    <A extends unknown[]>(body: (cli: CliContext, ...args: A) => Promise<number>) =>
    async (...args: A) => {
      const cli = cliContext(program.opts<GlobalOptions>());
      try {
        exit(await body(cli, ...args));
      } catch (error) {
        exit(reportError(error, cli));
      }
    };
  const json = new Option('--json', 'print one JSON document');

  program
    .command('run')
    .description('validate and run a workflow; without --accounts it runs against emulators')
    .argument('<workflow>', 'workflow JSON file')
    .option('--input <json|@file>', 'run input as JSON, or @file to read it from a file')
    .option('--accounts <file>', 'connected accounts file (see README: Connected accounts)')
    .addOption(json)
    .action(action((cli, file: string, options) => runCommand(file, options, cli)));

  program
    .command('validate')
    .description('check workflow files and report every problem with line:column')
    .argument('<files...>', 'workflow JSON files')
    .option('--accounts <file>', 'also check that the accounts the workflows name exist')
    .addOption(json)
    .action(action((cli, files: string[], options) => validateCommand(files, options, cli)));

  program
    .command('steps')
    .description('list the installed steps')
    .option('--integration <id>', 'only the steps of one integration')
    .option('--markdown', 'a Markdown table of each step with its inputs and outputs, for a README')
    .addOption(json)
    .action(action((cli, options) => stepsCommand(options, cli)));

  program
    .command('describe')
    .description("show a step's description, input and output")
    .argument('<step>', 'step id, e.g. github.create_issue')
    .addOption(json)
    .action(action((cli, step: string, options) => describeCommand(step, options, cli)));

  program
    .command('schema')
    .description('print the workflow JSON Schema for the installed steps (for editors)')
    .action(action((cli) => schemaCommand(cli)));

  program
    .command('emulate')
    .description('start emulators, print their URLs and demo accounts, stop on Ctrl-C')
    .argument('<integrations...>', 'integration ids, e.g. github zendesk')
    .addOption(json)
    .action(action((cli, integrations: string[], options) => emulateCommand(integrations, options, cli)));

  program
    .command('encrypt-accounts')
    .description('encrypt an accounts file in place with the key in TOOLSTEPS_VAULT_KEY (AES-256-GCM)')
    .argument('<file>', 'accounts JSON file')
    .option('--key-env <name>', 'the environment variable holding the key', 'TOOLSTEPS_VAULT_KEY')
    .action(action((cli, file: string, options) => encryptAccountsCommand(file, options, cli)));

  return program;
}

function engineVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

function reportError(error: unknown, cli: CliContext): number {
  if (error instanceof UsageError) {
    cli.output.error(`toolsteps: ${error.message}`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  // Configuration faults (unreadable accounts file, bad config, missing integration) are the user's to fix.
  cli.output.error(`toolsteps: ${message}`);
  return EXIT.invalid;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram((code) => {
    process.exitCode = code;
  });
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.invalid;
      return;
    }
    throw error;
  }
}
