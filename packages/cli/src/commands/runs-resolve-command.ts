import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { withRedisUrl } from '../redis-url-option.js';
import { addResumeOptions } from './runs-resume-command.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const runsResolveCommand: typeof import('./runs-resolve.js').runsResolveCommand = async (...args) =>
  (await import('./runs-resolve.js')).runsResolveCommand(...args);

export function addRunsResolveCommand(runs: Command, { action }: CommandKit): void {
  addResumeOptions(
    runs
      .command('resolve')
      .description('settle a step whose write may or may not have happened, then resume the run')
      .argument('<id>', 'run id, or its first characters')
      .requiredOption('--step <key>', 'the step key, as `runs show` lists it')
      .requiredOption('--as <decision>', 'done (it happened: give --result), retry (it did not), or failed')
      .option('--result <json>', "with --as done: the step's result, inline or @file.json")
      .option('--no-resume', 'record the decision only'),
  ).action(action((cli, id: string, options) => runsResolveCommand(id, withRedisUrl(options, cli), cli)));
}
