import type { TriggerHostEvent } from '@toolsteps/engine';
import type { Colors } from '../output.js';
import { printable } from '../printable.js';

/** One line per thing `serve` saw happen, led by the binding it concerns. */
export function hostEventLine(event: TriggerHostEvent, c: Colors): string {
  // Every field may come from the network (a URL's binding id, a third party's error): printed inert.
  const who = c.bold(printable(event.bindingId ?? ''));
  const id = 'deliveryId' in event ? printable(event.deliveryId) : '';
  switch (event.type) {
    case 'delivery.received':
      return `${who}: delivery ${id} received`;
    case 'delivery.duplicate':
      return c.dim(
        `${who}: delivery ${id} already kept (a redelivery, or its signature came before): not run twice`,
      );
    case 'delivery.rejected':
      return c.yellow(`${who}: delivery refused with ${event.status}: ${printable(event.reason)}`);
    case 'deliveries.rejected': {
      // Refusals at no binding this host serves are told together, under none.
      const at = event.bindingId === undefined ? '' : `${who}: `;
      return c.yellow(
        `${at}${event.count} more refused with ${event.status} in the last ${Math.round(event.intervalMs / 1000)} s: ${printable(event.reason)}`,
      );
    }
    case 'delivery.finished': {
      const text = `${who}: delivery ${id} ${event.status}`;
      if (event.status === 'failed')
        return c.red(
          `${text}: ${printable(event.error?.message ?? 'no reason given')} (toolsteps deliveries replay)`,
        );
      return event.status === 'succeeded' ? c.green(text) : c.dim(text);
    }
    case 'run.started':
      return `${who}: run ${event.runId} started for event ${event.event + 1} of delivery ${id}`;
    case 'run.finished': {
      const text = `${who}: run ${event.runId} ${event.status}`;
      return event.status === 'succeeded'
        ? c.green(text)
        : c.red(`${text}${event.error ? `: ${event.error.code}: ${printable(event.error.message)}` : ''}`);
    }
    case 'poll.finished':
      return c.dim(
        event.first
          ? `${who}: first poll: cursor recorded, earlier items left alone`
          : `${who}: polled, ${event.events} new event${event.events === 1 ? '' : 's'}`,
      );
    case 'poll.failed':
      return c.yellow(
        `${who}: poll failed, tried again at the next interval: ${printable(event.error.message)}`,
      );
    case 'binding.activated':
      return `${who}: activated`;
    case 'binding.deactivated':
      return `${who}: deactivated`;
    case 'binding.repaired':
      return c.yellow(
        `${who}: repaired: its registration was ${event.found === 'missing' ? 'gone (deleted)' : 'edited'} at the third party: registered again`,
      );
    case 'binding.unchecked':
      return c.yellow(
        `${who}: its registration could not be checked, tried again at the next reconcile: ${printable(event.error.message)}`,
      );
    case 'deliveries.pruned':
      return c.dim(
        `${who}: ${event.count} finished deliver${event.count === 1 ? 'y' : 'ies'} older than ${new Date(event.before).toISOString()} deleted`,
      );
    case 'delivery.spooled':
      return c.yellow(
        `${who}: delivery ${id} kept in the spool (${printable(event.reason)}): moved into the store and run once the store works`,
      );
    case 'delivery.unkept':
      return c.red(
        `${who}: delivery ${id}${event.event === undefined ? '' : ` (event ${printable(event.event)})`} NOT kept, answered 503 (${printable(event.reason)}): deliver it again from the third party (GitHub does not by itself: "Redeliver" delivery ${id} in the hook's Recent Deliveries)`,
      );
  }
}
