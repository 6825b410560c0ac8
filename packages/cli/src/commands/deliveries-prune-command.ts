import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';
import { storeOption } from '../triggers/store-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const deliveriesPruneCommand: typeof import('./deliveries-prune.js').deliveriesPruneCommand = async (
  ...args
) => (await import('./deliveries-prune.js')).deliveriesPruneCommand(...args);

export function addDeliveriesPruneCommand(deliveries: Command, { action }: CommandKit): void {
  deliveries
    .command('prune')
    .description('delete finished deliveries older than a duration; those waiting or running are kept')
    .option('--older-than <duration>', 'e.g. 30d, 12h (default 30d)')
    .option('--binding <id>', "only this binding's")
    .addOption(storeOption())
    .addOption(jsonOption())
    .action(action((cli, options) => deliveriesPruneCommand(options, cli)));
}
