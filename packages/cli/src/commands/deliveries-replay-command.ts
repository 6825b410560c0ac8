import type { Command } from 'commander';
import type { CommandKit } from '../command-kit.js';
import { jsonOption } from '../json-options.js';
import { withRedisUrl } from '../redis-url-option.js';
import { addHostRunsOptions } from '../triggers/host-runs-options.js';
import { storeOption } from '../triggers/store-option.js';

/** Loaded when the command runs, so the CLI starts without the engine. */
const deliveryReplayCommand: typeof import('./deliveries-replay.js').deliveryReplayCommand = async (
  ...args
) => (await import('./deliveries-replay.js')).deliveryReplayCommand(...args);

export function addDeliveryReplayCommand(deliveries: Command, { action }: CommandKit): void {
  const replay = deliveries
    .command('replay')
    .description(
      'run a failed or skipped delivery again now; events that succeeded are not run again, failed runs resume',
    )
    .argument('<id>', 'delivery id')
    .argument('<bindings...>', 'binding files or folders, the one it came to among them')
    .option('--binding <id>', 'the binding, when the id came to several')
    .option('--accounts <file>', 'connected accounts file (required: the delivery came to real accounts)')
    .addOption(storeOption())
    .addOption(jsonOption());
  addHostRunsOptions(replay).action(
    action((cli, id: string, paths: string[], options) =>
      deliveryReplayCommand(id, paths, withRedisUrl(options, cli), cli),
    ),
  );
}
