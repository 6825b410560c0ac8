import type { CliContext } from '../cli-context.js';
import { EXIT } from '../exit-codes.js';
import { printable } from '../printable.js';
import { DEFAULT_KEEP, keepDuration } from '../prune-old-runs.js';
import { openTriggerStore } from '../triggers/open-trigger-store.js';

export interface DeliveriesPruneOptions {
  olderThan?: string;
  binding?: string;
  store?: string;
  json?: boolean;
}

/**
 * `toolsteps deliveries prune [--older-than 30d]`: deletes the deliveries that finished (succeeded,
 * skipped or failed) longer ago than that, as `serve --keep` does while it runs. Those waiting or
 * running are kept: deleting them would lose what was acknowledged and never run.
 */
export async function deliveriesPruneCommand(options: DeliveriesPruneOptions, cli: CliContext) {
  const keepMs = keepDuration(options.olderThan, '--older-than');
  const { store } = openTriggerStore(options.store, { create: false });
  try {
    const before = Date.now() - keepMs;
    const deleted = await store.pruneDeliveries(before, options.binding);
    if (options.json) {
      cli.output.json({ deleted, before: new Date(before).toISOString() });
      return EXIT.ok;
    }
    const of = options.binding === undefined ? '' : ` of binding ${printable(options.binding)}`;
    cli.output.line(
      `Deleted ${deleted} finished deliver${deleted === 1 ? 'y' : 'ies'}${of} older than ${options.olderThan ?? DEFAULT_KEEP}`,
    );
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
