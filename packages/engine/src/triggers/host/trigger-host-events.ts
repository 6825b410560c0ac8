import type { RunStatus } from '../../contracts/events.js';
import type { StepErrorJson } from '../../contracts/step-error.js';
import type { DeliveryStatus } from '../../contracts/trigger-store.js';

interface HostEventBase {
  bindingId: string;
  /** Epoch milliseconds, from the engine's clock. */
  at: number;
}

/**
 * What a trigger host tells its listener, as it happens: an agent runtime streams these, `serve`
 * prints them. Nothing in them is secret (no body, no header, no signature).
 */
export type TriggerHostEvent =
  | (HostEventBase & { type: 'delivery.received'; deliveryId: string })
  | (HostEventBase & { type: 'delivery.duplicate'; deliveryId: string })
  | (HostEventBase & { type: 'delivery.rejected'; status: number; reason: string })
  | (HostEventBase & {
      type: 'delivery.finished';
      deliveryId: string;
      status: DeliveryStatus;
      error?: StepErrorJson;
    })
  | (HostEventBase & { type: 'run.started'; deliveryId: string; event: number; runId: string })
  | (HostEventBase & {
      type: 'run.finished';
      deliveryId: string;
      event: number;
      runId: string;
      status: RunStatus;
      error?: StepErrorJson;
    })
  | (HostEventBase & { type: 'poll.finished'; events: number; first: boolean })
  | (HostEventBase & { type: 'poll.failed'; error: StepErrorJson })
  | (HostEventBase & { type: 'binding.activated' })
  | (HostEventBase & { type: 'binding.deactivated' })
  | (HostEventBase & { type: 'binding.repaired'; found: 'missing' | 'changed' });

export type TriggerHostEventType = TriggerHostEvent['type'];

export type TriggerHostListener = (event: TriggerHostEvent) => void;
