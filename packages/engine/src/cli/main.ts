import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { type CliContext, cliContext, type GlobalOptions } from './cli-context.js';
import { tolerateClosedPipes } from './closed-pipes.js';
import { deliveriesCommand, deliveryShowCommand } from './commands/deliveries.js';
import { deliveriesPruneCommand } from './commands/deliveries-prune.js';
import { deliveryReplayCommand } from './commands/deliveries-replay.js';
import { describeCommand } from './commands/describe.js';
import { emulateCommand } from './commands/emulate.js';
import { encryptAccountsCommand } from './commands/encrypt-accounts.js';
import { runCommand } from './commands/run.js';
import { runsCommand } from './commands/runs.js';
import { runsCancelCommand } from './commands/runs-cancel.js';
import { runsPruneCommand } from './commands/runs-prune.js';
import { runsResolveCommand } from './commands/runs-resolve.js';
import { runsResumeCommand } from './commands/runs-resume.js';
import { runShowCommand } from './commands/runs-show.js';
import { schemaCommand } from './commands/schema.js';
import { DEFAULT_SERVE_PORT, serveCommand } from './commands/serve.js';
import { stepsCommand } from './commands/steps.js';
import { triggerActivationCommand } from './commands/trigger-activation.js';
import { triggerMatchCommand } from './commands/trigger-match.js';
import { triggerTestCommand } from './commands/trigger-test.js';
import { triggersCommand } from './commands/triggers.js';
import { validateCommand } from './commands/validate.js';
import { EXIT, UsageError } from './exit-codes.js';
import { helpAsOption } from './help-as-option.js';
import { installedEmulatorsHelp } from './installed-emulators.js';
import { printable } from './printable.js';
import { withRedisUrl } from './redis-url-option.js';

/** Builds the `toolsteps` program; each action resolves with the process exit code. */
export function buildProgram(exit: (code: number) => void): Command {
  const program = new Command('toolsteps')
    .description('Run and check JSON workflows of integration tool steps.')
    .version(engineVersion(), '-V, --version', 'print the engine version')
    .option('--config <file>', 'a toolsteps.config.json naming the integrations to load')
    .showHelpAfterError()
    // Commander's own lines (an unknown option, echoed as typed) are as printable as the commands'.
    .configureOutput({
      writeOut: (text) => process.stdout.write(printable(text, { lines: true })),
      writeErr: (text) => process.stderr.write(printable(text, { lines: true })),
      outputError: (text, write) => write(`${printable(text.trimEnd())}\n`),
    })
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
  // Commands that run a workflow show progress on stderr; --json is the one document and nothing else.
  const runJson = () =>
    new Option(
      '--json',
      "print one JSON document: the run result, each step's trace with its account and requests; no progress lines on stderr",
    );

  // Where the Redis URL may come from: an argument shows a password to `ps`, the variable or a file do not.
  const redisUrlFile = () =>
    new Option(
      '--redis-url-file <file>',
      'the Redis URL, read from this file (keeps a password out of `ps`)',
    );
  const queueKeyFile = () =>
    new Option(
      '--queue-key-file <file>',
      'the queue key that signs queued runs, read from this file (default: TOOLSTEPS_QUEUE_KEY)',
    );

  program
    .command('run')
    .description('validate and run a workflow; without --accounts it runs against emulators')
    .argument('<workflow>', 'workflow JSON file')
    .option('--input <json|@file>', 'run input as JSON, or @file to read it from a file')
    .option('--accounts <file>', 'connected accounts file (see README: Connected accounts)')
    .option('--journal <path>', 'the run journal (SQLite), default .toolsteps/runs.sqlite')
    .option('--no-journal', 'keep the run in memory only: nothing is written')
    .option('--keep <duration>', 'how long finished runs stay in the journal (default 30d)')
    .option(
      '--redis [url]',
      'queue the run for `toolsteps worker`s on this Redis instead of running it here (no URL: TOOLSTEPS_REDIS_URL)',
    )
    .addOption(redisUrlFile())
    .addOption(queueKeyFile())
    .option('--detach', 'with --redis: print the run id and return at once')
    .addOption(runJson())
    .action(action((cli, file: string, options) => runCommand(file, withRedisUrl(options, cli), cli)));

  program
    .command('worker')
    .description('take queued runs from Redis and run them until Ctrl-C; resumes runs a dead worker held')
    .option(
      '--redis [url]',
      'the Redis the queue lives in, e.g. redis://127.0.0.1:6379 (default: TOOLSTEPS_REDIS_URL)',
    )
    .addOption(redisUrlFile())
    .addOption(queueKeyFile())
    .requiredOption('--accounts <file>', 'connected accounts file: the accounts runs use')
    .option('--concurrency <n>', 'runs at once (default 8)')
    .option('--queue <name>', 'the queue (default toolsteps-runs)')
    .option(
      '--journal <path>',
      'an SQLite journal, when every worker runs on this machine (default: on Redis)',
    )
    .option(
      '--lock-duration <duration>',
      'how long a dead worker holds its runs before another resumes them (default 30s)',
    )
    .addOption(json)
    .action(
      // BullMQ and ioredis load only for the commands that use them: every other command starts faster.
      action(async (cli, options) =>
        (await import('./commands/worker.js')).workerCommand(
          withRedisUrl(options, cli, { always: true }),
          cli,
        ),
      ),
    );

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
    .command('triggers')
    .description('list the installed triggers')
    .option('--integration <id>', 'only the triggers of one integration')
    .addOption(json)
    .action(action((cli, options) => triggersCommand(options, cli)));

  program
    .command('describe')
    .description("show a step's description, input and output, or a trigger's config, event and sample")
    .argument('<id>', 'step or trigger id, e.g. github.create_issue')
    .addOption(json)
    .action(action((cli, id: string, options) => describeCommand(id, options, cli)));

  const trigger = program.command('trigger').description('work with bindings of triggers to workflows');
  trigger
    .command('test')
    .description(
      "evaluate a binding's filter and input mapping on the trigger's sample, an event or a captured delivery",
    )
    .argument('<binding>', 'binding JSON file')
    .option(
      '--event <file>',
      'an event, or a captured delivery {"headers": {…}, "body": {…}}, instead of the sample',
    )
    .option('--run', 'also run the workflow for each event that passes; without --accounts on emulators')
    .option(
      '--accounts <file>',
      'connected accounts file: checks the binding account and runs with real accounts',
    )
    .option('--journal <path>', 'with --run: the run journal (SQLite), default .toolsteps/runs.sqlite')
    .option('--no-journal', 'with --run: keep the runs in memory only')
    .addOption(runJson())
    .action(action((cli, file: string, options) => triggerTestCommand(file, options, cli)));
  trigger
    .command('match')
    .description('which webhook triggers captured deliveries fire, and the events each makes')
    .argument('<deliveries...>', 'captured delivery JSON files {"headers": {…}, "body": {…}}')
    .option('--integration <id>', 'only the triggers of one integration')
    .option('--login <login>', 'the login of triggers that take one (github.new_mention)')
    .option(
      '--set <key=value>',
      "a value of the triggers' config, as a binding gives it, e.g. --set owner=octo-org (repeatable)",
      (pair: string, pairs: string[]) => [...pairs, pair],
      [] as string[],
    )
    .addOption(json)
    .action(action((cli, files: string[], options) => triggerMatchCommand(files, options, cli)));

  program
    .command('schema')
    .description(
      'print the JSON Schema of workflow (default) or binding files for the installed catalog (for editors)',
    )
    .argument('[kind]', 'workflow or binding')
    .action(action((cli, kind: string | undefined) => schemaCommand(kind, cli)));

  const emulate = program
    .command('emulate')
    .description('start emulators, print their URLs and demo accounts, stop on Ctrl-C')
    .argument('<integrations...>', 'integration ids (the installed emulators are listed below)')
    .option(
      '--accounts-out <file>',
      'write the accounts file that reaches the emulators (owner-only); replaces only a file emulate wrote',
    )
    .option(
      '--port <n>',
      'the first emulator listens on this port, the next ones on the ports after it (default: free ports)',
    )
    .option(
      '--allow-host <name>',
      'also answer requests addressed to this host name, e.g. the one a proxy in a container forwards (repeatable; default loopback only)',
      (name: string, names: string[]) => [...names, name],
      [] as string[],
    )
    .option(
      '--hook-host <name>',
      'also send webhooks to hooks on this host (repeatable; default loopback only)',
      (name: string, names: string[]) => [...names, name],
      [] as string[],
    )
    .addOption(
      new Option('--json', 'print the accounts file, which --accounts also takes, as one JSON document'),
    )
    .action(action((cli, integrations: string[], options) => emulateCommand(integrations, options, cli)));
  // The installed emulators are known once the registry loads, which help alone would not wait for.
  program.hook('preSubcommand', async (_program, command) => {
    if (command === emulate)
      emulate.addHelpText('after', await installedEmulatorsHelp(program.opts<GlobalOptions>()));
  });

  const accounts = () => new Option('--accounts <file>', 'connected accounts file; without it, on emulators');
  // Where a trigger host's runs run and are journaled: serve's and a replay's must be the same.
  const hostRuns = (command: Command) =>
    command
      .option(
        '--journal <path>',
        "the run journal (SQLite), default .toolsteps/runs.sqlite; with --redis, the workers' when they keep one (default: on Redis)",
      )
      .option('--no-journal', 'keep runs in memory only: a run cut off by a crash is run again, not resumed')
      .option(
        '--redis [url]',
        'queue the runs for `toolsteps worker`s on this Redis instead of running them here (no URL: TOOLSTEPS_REDIS_URL)',
      )
      .addOption(redisUrlFile())
      .addOption(queueKeyFile())
      .option('--queue <name>', 'with --redis: the queue (default toolsteps-runs)');
  const store = () =>
    new Option('--store <path>', 'the trigger store (SQLite), default .toolsteps/triggers.sqlite');
  const publicUrl = () =>
    new Option(
      '--public-url <url>',
      'where the third party reaches this host; default http://127.0.0.1:<port>',
    );

  const serve = program
    .command('serve')
    .description(
      'activate bindings, receive their deliveries and run their workflows until Ctrl-C (runs a crash cut off resume at restart); without --accounts on emulators',
    )
    .argument('<bindings...>', 'binding files, or folders of *.binding.json files')
    .addOption(accounts())
    .addOption(
      new Option(
        '--store <path>',
        'the trigger store (SQLite); default .toolsteps/triggers.sqlite, in memory on emulators',
      ),
    )
    .addOption(publicUrl())
    .option('--port <n>', 'the port to listen on (0: any free one)', String(DEFAULT_SERVE_PORT))
    .option('--host <address>', 'the address to listen on', '127.0.0.1')
    .option(
      '--max-body-bytes <n>',
      "refuse (413) a delivery larger than this, reading no further (e.g. 1MiB; default 25MiB, GitHub's cap)",
    )
    .option(
      '--max-buffered-bytes <n>',
      'the bytes of bodies read at once across all requests; past it 503 with Retry-After (default 64MiB)',
    )
    .option('--keep <duration>', 'how long finished deliveries stay in the store (default 30d)')
    .option(
      '--reconcile-every <duration>',
      'how often hooks are checked and repaired if deleted or edited (default 5m; 0: at start only)',
    )
    .addOption(new Option('--json', 'print one JSON line per event (delivery, run, activation)'));
  hostRuns(serve).action(
    action((cli, paths: string[], options) => serveCommand(paths, withRedisUrl(options, cli), cli)),
  );

  for (const verb of ['activate', 'deactivate'] as const) {
    trigger
      .command(verb)
      .description(
        verb === 'activate'
          ? 'register bindings at their third party (idempotent), without serving'
          : "remove bindings' registrations at their third party; their deliveries are refused from then on",
      )
      .argument('<bindings...>', 'binding files, or folders of *.binding.json files')
      .option('--accounts <file>', 'connected accounts file (required: hooks outlive the command)')
      .addOption(store())
      .addOption(publicUrl())
      .addOption(json)
      .action(action((cli, paths: string[], options) => triggerActivationCommand(verb, paths, options, cli)));
  }

  const deliveries = program
    .command('deliveries')
    .description('the deliveries the trigger store keeps: list (default), show, replay, prune');
  deliveries
    // The default, so `toolsteps deliveries --status failed` lists: the options are the list's own.
    .command('list', { isDefault: true })
    .description('list the kept deliveries, newest first')
    .option('--binding <id>', "only this binding's")
    .option('--status <list>', 'only these, e.g. failed,skipped')
    .option('--limit <n>', 'at most this many (default 50)')
    .addOption(store())
    .addOption(json)
    .action(action((cli, options) => deliveriesCommand(options, cli)));
  deliveries
    .command('show')
    .description('one delivery whole: headers, body, runs and error')
    .argument('<id>', 'delivery id')
    .option('--binding <id>', 'the binding, when the id came to several')
    .addOption(store())
    .addOption(json)
    .action(action((cli, id: string, options) => deliveryShowCommand(id, options, cli)));
  const replay = deliveries
    .command('replay')
    .description(
      'run a failed or skipped delivery again now; events that succeeded are not run again, failed runs resume',
    )
    .argument('<id>', 'delivery id')
    .argument('<bindings...>', 'binding files or folders, the one it came to among them')
    .option('--binding <id>', 'the binding, when the id came to several')
    .option('--accounts <file>', 'connected accounts file (required: the delivery came to real accounts)')
    .addOption(store())
    .addOption(json);
  hostRuns(replay).action(
    action((cli, id: string, paths: string[], options) =>
      deliveryReplayCommand(id, paths, withRedisUrl(options, cli), cli),
    ),
  );
  deliveries
    .command('prune')
    .description('delete finished deliveries older than a duration; those waiting or running are kept')
    .option('--older-than <duration>', 'e.g. 30d, 12h (default 30d)')
    .option('--binding <id>', "only this binding's")
    .addOption(store())
    .addOption(json)
    .action(action((cli, options) => deliveriesPruneCommand(options, cli)));

  const journalOption = () =>
    new Option('--journal <path>', 'the run journal (SQLite), default .toolsteps/runs.sqlite');
  const redisJournalOption = () =>
    new Option(
      '--redis [url]',
      'the journal of runs queued on this Redis (run --redis, worker); no URL: TOOLSTEPS_REDIS_URL',
    );
  const runs = program
    .command('runs')
    .description('the runs the journal keeps: list (default), show, resume, resolve, cancel, prune');
  runs
    // The default, so `toolsteps runs --status running` lists: the options are the list's own.
    .command('list', { isDefault: true })
    .description('list the journaled runs, newest first')
    .option('--status <list>', 'only these, e.g. running,failed')
    .option('--limit <n>', 'at most this many (default 50)')
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFile())
    .addOption(json)
    .action(action((cli, options) => runsCommand(withRedisUrl(options, cli), cli)));
  runs
    .command('show')
    .description('one run whole: its input, result and the trace of its steps')
    .argument('<id>', 'run id, or its first characters')
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFile())
    .addOption(json)
    .action(action((cli, id: string, options) => runShowCommand(id, withRedisUrl(options, cli), cli)));
  const accountsOption = () =>
    new Option('--accounts <file>', 'connected accounts file: the accounts the run writes to (required)');
  const resumeOptions = (command: Command) =>
    command
      .addOption(accountsOption())
      .option('--workflow <file>', 'go on with this workflow file instead of the one the run started from')
      .option(
        '--force',
        'resume although the workflow changed, or the process or worker holding the run seems alive',
      )
      .addOption(journalOption())
      .addOption(redisJournalOption())
      .addOption(redisUrlFile())
      .option(
        '--queue <name>',
        "with --redis: the workers' queue, checked for a worker holding the run (default toolsteps-runs)",
      )
      .addOption(runJson());
  resumeOptions(
    runs
      .command('resume')
      .description('go on with a crashed, failed or settled run: recorded steps are replayed, not run again')
      .argument('<id>', 'run id, or its first characters'),
  ).action(action((cli, id: string, options) => runsResumeCommand(id, withRedisUrl(options, cli), cli)));
  resumeOptions(
    runs
      .command('resolve')
      .description('settle a step whose write may or may not have happened, then resume the run')
      .argument('<id>', 'run id, or its first characters')
      .requiredOption('--step <key>', 'the step key, as `runs show` lists it')
      .requiredOption('--as <decision>', 'done (it happened: give --result), retry (it did not), or failed')
      .option('--result <json>', "with --as done: the step's result, inline or @file.json")
      .option('--no-resume', 'record the decision only'),
  ).action(action((cli, id: string, options) => runsResolveCommand(id, withRedisUrl(options, cli), cli)));
  runs
    .command('cancel')
    .description('cancel a run: one no process holds is not resumed; one still running is stopped')
    .argument('<id>', 'run id, or its first characters')
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFile())
    .action(action((cli, id: string, options) => runsCancelCommand(id, withRedisUrl(options, cli), cli)));
  runs
    .command('prune')
    .description('delete finished runs older than a duration; runs waiting for a decision are kept')
    .option('--older-than <duration>', 'e.g. 30d, 12h (default 30d)')
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFile())
    .action(action((cli, options) => runsPruneCommand(withRedisUrl(options, cli), cli)));

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
    // One line, as a usage error is: what it quotes (an argument, an id from a file) cannot add one.
    cli.output.error(`toolsteps: ${printable(error.message)}`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  // Configuration faults (unreadable accounts file, bad config, missing integration) are the user's to fix.
  cli.output.error(`toolsteps: ${message}`);
  return EXIT.invalid;
}

export async function main(argv: string[]): Promise<void> {
  tolerateClosedPipes();
  const program = buildProgram((code) => {
    process.exitCode = code;
  });
  try {
    await program.parseAsync(helpAsOption(argv));
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.invalid;
      return;
    }
    throw error;
  }
}
