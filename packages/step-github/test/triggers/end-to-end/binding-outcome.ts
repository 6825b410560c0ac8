import type { TriggerHost } from '@toolsteps/engine';
import type { GithubEmulator } from '../../../src/testing/index.js';
import type { HostEventLog } from './host-event-log.js';

/** What became of the deliveries to one binding, GitHub's pings left out. */
export interface BindingOutcome {
  /** Signed deliveries the emulator POSTed to the binding's URL. */
  sent: number;
  /** Of those, the ones the host verified and kept (`delivery.received`). */
  verified: number;
  rejected: number;
  /** How each delivery (sent, or found by a poll) ended. */
  deliveries: string[];
  runs: string[];
  /** The messages of failed deliveries, so a failure says why. */
  errors: string[];
}

/**
 * Reads one binding's outcome from both ends: the emulator's delivery log (what GitHub sent to the
 * binding's URL) and the host's events (what it verified, kept and ran).
 */
export function bindingOutcome(
  emulator: GithubEmulator,
  host: TriggerHost,
  log: HostEventLog,
  bindingId: string,
): BindingOutcome {
  const url = host.urlOf(bindingId);
  const toBinding = emulator.deliveries.filter((delivery) => delivery.url === url);
  // GitHub pings every hook it creates: that delivery is about the hook, not an event.
  const pings = new Set(toBinding.filter((one) => one.event === 'ping').map((one) => one.id));
  const sent = new Set(toBinding.filter((one) => !pings.has(one.id)).map((one) => one.id));
  const finished = log.of('delivery.finished', bindingId).filter((event) => !pings.has(event.deliveryId));
  return {
    sent: sent.size,
    verified: log.of('delivery.received', bindingId).filter((event) => sent.has(event.deliveryId)).length,
    rejected: log.of('delivery.rejected', bindingId).length,
    deliveries: finished.map((event) => event.status),
    runs: log.of('run.finished', bindingId).map((event) => event.status),
    errors: finished.flatMap((event) => (event.error === undefined ? [] : [event.error.message])),
  };
}
