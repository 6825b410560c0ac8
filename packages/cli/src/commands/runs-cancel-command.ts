import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { journalOption, redisJournalOption } from '../journal-options.js';
import { redisUrlFileOption, withRedisUrl } from '../redis-url-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const runsCancelCommand: typeof import('./runs-cancel.js').runsCancelCommand = async (...args) =>
  (await import('./runs-cancel.js')).runsCancelCommand(...args);

export function addRunsCancelCommand(runs: Command, { action }: CommandKit): void {
  runs
    .command('cancel')
    .description('cancel a run: one no process holds is not resumed; one still running is stopped')
    .argument('<id>', 'run id, or its first characters')
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFileOption())
    .action(action((cli, id: string, options) => runsCancelCommand(id, withRedisUrl(options, cli), cli)));
}
