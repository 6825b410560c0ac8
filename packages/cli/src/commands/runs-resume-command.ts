import { type Command, Option } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { journalOption, redisJournalOption } from '../journal-options.js';
import { runJsonOption } from '../json-options.js';
import { redisUrlFileOption, withRedisUrl } from '../redis-url-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const runsResumeCommand: typeof import('./runs-resume.js').runsResumeCommand = async (...args) =>
  (await import('./runs-resume.js')).runsResumeCommand(...args);

/** The options of `runs resume`, which `runs resolve` takes too: it resumes the run it settles. */
export const addResumeOptions = (command: Command) =>
  command
    .addOption(
      new Option('--accounts <file>', 'connected accounts file: the accounts the run writes to (required)'),
    )
    .option('--workflow <file>', 'go on with this workflow file instead of the one the run started from')
    .option(
      '--force',
      'resume although the workflow changed, or the process or worker holding the run seems alive',
    )
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFileOption())
    .option(
      '--queue <name>',
      "with --redis: the workers' queue, checked for a worker holding the run (default toolsteps-runs)",
    )
    .addOption(runJsonOption());

export function addRunsResumeCommand(runs: Command, { action }: CommandKit): void {
  addResumeOptions(
    runs
      .command('resume')
      .description('go on with a crashed, failed or settled run: recorded steps are replayed, not run again')
      .argument('<id>', 'run id, or its first characters'),
  ).action(action((cli, id: string, options) => runsResumeCommand(id, withRedisUrl(options, cli), cli)));
}
