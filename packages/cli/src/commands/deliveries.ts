import type { StoredDelivery, TriggerStore } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { printable } from '../printable.js';
import { textTable } from '../text-table.js';
import { deliveryView, parseLimit, parseStatuses } from '../triggers/delivery-view.js';
import { openTriggerStore } from '../triggers/open-trigger-store.js';

export interface DeliveriesOptions {
  binding?: string;
  status?: string;
  limit?: string;
  store?: string;
  json?: boolean;
}

const DEFAULT_LIMIT = 50;
/** A table cell for an error: its first line, cut short; `deliveries show` has it whole. */
const ERROR_CELL_CHARS = 60;

/** `toolsteps deliveries`: the kept deliveries, newest first, with where each stands. */
export async function deliveriesCommand(options: DeliveriesOptions, cli: CliContext): Promise<number> {
  const status = parseStatuses(options.status);
  const limit = parseLimit(options.limit, DEFAULT_LIMIT);
  return withStore(options.store, async (store) => {
    const found = await store.deliveries({
      bindingId: options.binding,
      status,
      order: 'newest',
      limit,
    });
    if (options.json) {
      cli.output.json(found.map((delivery) => deliveryView(delivery, { body: false })));
      return EXIT.ok;
    }
    if (found.length === 0) {
      cli.output.line('No delivery is kept' + (options.binding ? ` for binding ${options.binding}` : ''));
      return EXIT.ok;
    }
    const rows = found.map((delivery) => [
      new Date(delivery.receivedAt).toISOString(),
      printable(delivery.bindingId),
      printable(delivery.id),
      delivery.status,
      String(delivery.eventsCount ?? '-'),
      `${delivery.runs.filter((run) => run.status === 'succeeded').length}/${delivery.runs.length}`,
      String(delivery.attempts),
      errorCell(delivery),
    ]);
    const header = ['RECEIVED', 'BINDING', 'DELIVERY', 'STATUS', 'EVENTS', 'RUNS OK', 'ATTEMPTS', 'ERROR'];
    for (const line of textTable([header, ...rows])) cli.output.line(line);
    if (found.length === limit) cli.output.note(`The newest ${limit} are shown: --limit shows more`);
    return EXIT.ok;
  });
}

/** `toolsteps deliveries show <id>`: one delivery whole: headers kept, body, runs, error. */
export async function deliveryShowCommand(
  id: string,
  options: Pick<DeliveriesOptions, 'binding' | 'store' | 'json'>,
  cli: CliContext,
): Promise<number> {
  return withStore(options.store, async (store) => {
    const delivery = await oneDelivery(store, id, options.binding);
    const view = deliveryView(delivery, { body: true });
    if (options.json) {
      cli.output.json(view);
      return EXIT.ok;
    }
    cli.output.line(
      `Delivery ${printable(delivery.id)} to ${printable(delivery.bindingId)} (${delivery.source}): ${delivery.status}`,
    );
    cli.output.line(`  received ${view.receivedAt}${view.finishedAt ? `, finished ${view.finishedAt}` : ''}`);
    cli.output.line(
      `  ${delivery.eventsCount ?? 'not yet read:'} event${delivery.eventsCount === 1 ? '' : 's'}, ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`,
    );
    if (delivery.error)
      cli.output.line(`  error: ${delivery.error.code}: ${printable(delivery.error.message)}`);
    for (const run of delivery.runs)
      cli.output.line(
        `  run ${run.runId} (event ${run.event + 1}): ${run.status}${run.error ? `: ${printable(run.error.message)}` : ''}`,
      );
    cli.output.line('  headers:');
    for (const [name, value] of Object.entries(delivery.headers))
      cli.output.line(`    ${printable(name)}: ${printable(value)}`);
    cli.output.line(`  body (${view.bodyBytes} bytes):`);
    cli.output.line(printable(JSON.stringify(view.body, null, 2), { lines: true }));
    return EXIT.ok;
  });
}

/** The delivery an id names; one id at several bindings needs --binding. */
export async function oneDelivery(
  store: TriggerStore,
  id: string,
  bindingId: string | undefined,
): Promise<StoredDelivery> {
  const found =
    bindingId === undefined
      ? await store.deliveriesWithId(id)
      : [await store.delivery(bindingId, id)].filter((item) => item !== undefined);
  if (found.length === 0)
    throw new UsageError(
      `No delivery "${id}" is kept${bindingId ? ` for binding ${bindingId}` : ''}`,
      EXIT.failed,
    );
  if (found.length > 1)
    throw new UsageError(
      `Delivery "${id}" came to several bindings (${found.map((item) => item.bindingId).join(', ')}): name one with --binding`,
    );
  return found[0];
}

async function withStore(path: string | undefined, body: (store: TriggerStore) => Promise<number>) {
  const { store } = openTriggerStore(path, { create: false });
  try {
    return await body(store);
  } finally {
    await store.close();
  }
}

function errorCell(delivery: StoredDelivery): string {
  const message = printable(delivery.error?.message.split('\n')[0] ?? '');
  return message.length > ERROR_CELL_CHARS ? `${message.slice(0, ERROR_CELL_CHARS - 1)}…` : message;
}
