import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { journalOption, redisJournalOption } from '../journal-options.js';
import { jsonOption } from '../json-options.js';
import { redisUrlFileOption, withRedisUrl } from '../redis-url-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const runsCommand: typeof import('./runs.js').runsCommand = async (...args) =>
  (await import('./runs.js')).runsCommand(...args);

export function addRunsListCommand(runs: Command, { action }: CommandKit): void {
  runs
    // The default, so `toolsteps runs --status running` lists: the options are the list's own.
    .command('list', { isDefault: true })
    .description('list the journaled runs, newest first')
    .option('--status <list>', 'only these, e.g. running,failed')
    .option('--limit <n>', 'at most this many (default 50)')
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFileOption())
    .addOption(jsonOption())
    .action(action((cli, options) => runsCommand(withRedisUrl(options, cli), cli)));
}
