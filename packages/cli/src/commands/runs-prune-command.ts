import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { journalOption, redisJournalOption } from '../journal-options.js';
import { redisUrlFileOption, withRedisUrl } from '../redis-url-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const runsPruneCommand: typeof import('./runs-prune.js').runsPruneCommand = async (...args) =>
  (await import('./runs-prune.js')).runsPruneCommand(...args);

export function addRunsPruneCommand(runs: Command, { action }: CommandKit): void {
  runs
    .command('prune')
    .description('delete finished runs older than a duration; runs waiting for a decision are kept')
    .option('--older-than <duration>', 'e.g. 30d, 12h (default 30d)')
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFileOption())
    .action(action((cli, options) => runsPruneCommand(withRedisUrl(options, cli), cli)));
}
