import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { runJsonOption } from '../json-options.js';
import { queueKeyFileOption } from '../queue-key-option.js';
import { redisUrlFileOption, withRedisUrl } from '../redis-url-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const runCommand: typeof import('./run.js').runCommand = async (...args) =>
  (await import('./run.js')).runCommand(...args);

export function addRunCommand(program: Command, { action }: CommandKit): void {
  program
    .command('run')
    .description('validate and run a workflow; without --accounts it runs against emulators')
    .argument('<workflow>', 'workflow JSON file')
    .option('--input <json|@file>', 'run input as JSON, or @file to read it from a file')
    .option('--accounts <file>', 'connected accounts file (see docs/accounts.md)')
    .option('--user <name>', "the end user the run acts for: only that user's accounts are used")
    .option('--journal <path>', 'the run journal (SQLite), default .toolsteps/runs.sqlite')
    .option('--no-journal', 'keep the run in memory only: nothing is written')
    .option('--keep <duration>', 'how long finished runs stay in the journal (default 30d)')
    .option(
      '--redis [url]',
      'queue the run for `toolsteps worker`s on this Redis instead of running it here (no URL: TOOLSTEPS_REDIS_URL)',
    )
    .addOption(redisUrlFileOption())
    .addOption(queueKeyFileOption())
    .option('--detach', 'with --redis: print the run id and return at once')
    .addOption(runJsonOption())
    .action(action((cli, file: string, options) => runCommand(file, withRedisUrl(options, cli), cli)));
}
