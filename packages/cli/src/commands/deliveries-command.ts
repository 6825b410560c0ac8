import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';
import { storeOption } from '../triggers/store-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const deliveriesCommand: typeof import('./deliveries.js').deliveriesCommand = async (...args) =>
  (await import('./deliveries.js')).deliveriesCommand(...args);

/** Loaded when the command runs, so the CLI starts without the engine. */
const deliveryShowCommand: typeof import('./deliveries.js').deliveryShowCommand = async (...args) =>
  (await import('./deliveries.js')).deliveryShowCommand(...args);

export function addDeliveriesListCommand(deliveries: Command, { action }: CommandKit): void {
  deliveries
    // The default, so `toolsteps deliveries --status failed` lists: the options are the list's own.
    .command('list', { isDefault: true })
    .description('list the kept deliveries, newest first')
    .option('--binding <id>', "only this binding's")
    .option('--status <list>', 'only these, e.g. failed,skipped')
    .option('--limit <n>', 'at most this many (default 50)')
    .addOption(storeOption())
    .addOption(jsonOption())
    .action(action((cli, options) => deliveriesCommand(options, cli)));
}

export function addDeliveryShowCommand(deliveries: Command, { action }: CommandKit): void {
  deliveries
    .command('show')
    .description('one delivery whole: headers, body, runs and error')
    .argument('<id>', 'delivery id')
    .option('--binding <id>', 'the binding, when the id came to several')
    .addOption(storeOption())
    .addOption(jsonOption())
    .action(action((cli, id: string, options) => deliveryShowCommand(id, options, cli)));
}
