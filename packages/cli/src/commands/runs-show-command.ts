import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { journalOption, redisJournalOption } from '../journal-options.js';
import { jsonOption } from '../json-options.js';
import { redisUrlFileOption, withRedisUrl } from '../redis-url-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const runShowCommand: typeof import('./runs-show.js').runShowCommand = async (...args) =>
  (await import('./runs-show.js')).runShowCommand(...args);

export function addRunShowCommand(runs: Command, { action }: CommandKit): void {
  runs
    .command('show')
    .description('one run whole: its input, result and the trace of its steps')
    .argument('<id>', 'run id, or its first characters')
    .addOption(journalOption())
    .addOption(redisJournalOption())
    .addOption(redisUrlFileOption())
    .addOption(jsonOption())
    .action(action((cli, id: string, options) => runShowCommand(id, withRedisUrl(options, cli), cli)));
}
