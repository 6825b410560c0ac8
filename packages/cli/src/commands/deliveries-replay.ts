import { createTriggerHost, type StoredDelivery, type TriggerStore } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { loadBindingsEngine } from '../triggers/bindings-engine.js';
import { deliveryView } from '../triggers/delivery-view.js';
import { hostEventLine } from '../triggers/host-event-line.js';
import { openHostRuns } from '../triggers/host-runs.js';
import type { HostRuns, HostRunsOptions } from '../triggers/host-runs-options.js';
import { openTriggerStore } from '../triggers/open-trigger-store.js';
import { oneDelivery } from './deliveries.js';
import { reportInvalid } from './validate.js';

export interface DeliveryReplayOptions extends HostRunsOptions {
  binding?: string;
  accounts?: string;
  store?: string;
  json?: boolean;
}

/**
 * `toolsteps deliveries replay <id> <bindings…>`: runs a failed (or skipped) delivery again, here and
 * now, through the binding it came to (loaded from the files given, so a fixed binding takes effect).
 * Events whose run succeeded before are not run again; a run that failed goes on from the journal
 * `serve` kept it in (the same --journal, or --redis for runs workers ran), so what it did is not
 * repeated, and is refused if its workflow changed since. Exits 0 when it succeeds.
 */
export async function deliveryReplayCommand(
  id: string,
  paths: string[],
  options: DeliveryReplayOptions,
  cli: CliContext,
): Promise<number> {
  if (options.accounts === undefined) {
    throw new UsageError(
      'deliveries replay needs --accounts: a delivery kept in a store came to real accounts, and a replay on emulators would mark it done without doing it',
    );
  }
  const { store } = openTriggerStore(options.store, { create: false });
  try {
    // Which binding it came to is checked before any emulator starts or file is loaded.
    const delivery = await oneDelivery(store, id, options.binding);
    const runs = await openHostRuns(options, cli, 'deliveries replay');
    try {
      return await replayWith(delivery, paths, options, store, runs);
    } finally {
      await runs.close();
    }
  } finally {
    await store.close();
  }
}

async function replayWith(
  delivery: StoredDelivery,
  paths: string[],
  options: DeliveryReplayOptions,
  store: TriggerStore,
  runs: HostRuns,
): Promise<number> {
  const { cli } = runs;
  const json = options.json ?? false;
  const loaded = await loadBindingsEngine(paths, options.accounts, cli);
  if (!loaded.ok) return reportInvalid(loaded.reports, json, cli);
  const { engine, bindings, close } = loaded.value;
  try {
    if (!bindings.some((binding) => binding.id === delivery.bindingId))
      throw new UsageError(
        `Delivery "${delivery.id}" came to binding ${delivery.bindingId}, which none of the files given defines`,
      );
    const colors = cli.output.colors();
    const host = await createTriggerHost({
      engine,
      bindings,
      store,
      // Nothing is received or registered here: the URL is never used.
      publicUrl: 'http://127.0.0.1',
      launcher: runs.launcher,
      onEvent: json ? undefined : (event) => cli.output.line(hostEventLine(event, colors)),
    });
    const replayed = await host.replay(delivery.id, delivery.bindingId);
    if (json) cli.output.json(deliveryView(replayed, { body: false }));
    return replayed.status === 'succeeded' ? EXIT.ok : EXIT.failed;
  } finally {
    await close();
  }
}
