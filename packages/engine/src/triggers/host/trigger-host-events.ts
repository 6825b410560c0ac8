import type { StepErrorJson } from '@toolsteps/sdk';
import type { RunStatus } from '../../ports/events.js';
import type { DeliveryStatus } from '../../ports/trigger-store.js';

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
  /**
   * A request refused: the first of its kind (status and reason, at its binding) in an interval. A
   * binding id the host does not serve is the sender's text, cut to 64 characters.
   */
  | (HostEventBase & { type: 'delivery.rejected'; status: number; reason: string })
  /**
   * More refusals of a kind, told once at the end of the interval they came in (`intervalMs`, 10 s)
   * rather than one by one: `count` of them. `bindingId` only for a binding the host serves.
   */
  | {
      type: 'deliveries.rejected';
      at: number;
      bindingId?: string;
      status: number;
      reason: string;
      count: number;
      intervalMs: number;
    }
  /** Verified while the store failed: kept in the spool, acknowledged, moved into the store once it works. */
  | (HostEventBase & { type: 'delivery.spooled'; deliveryId: string; reason: string })
  /**
   * Verified, but neither the store nor the spool could keep it: answered 503, and lost unless the
   * third party delivers it again (GitHub does not by itself: redeliver it by this id).
   */
  | (HostEventBase & { type: 'delivery.unkept'; deliveryId: string; event?: string; reason: string })
  | (HostEventBase & {
      type: 'delivery.finished';
      deliveryId: string;
      status: DeliveryStatus;
      error?: StepErrorJson;
    })
  /** A run of the binding's workflow, or a call of its handler (`handler`: its name), began. */
  | (HostEventBase & {
      type: 'run.started';
      deliveryId: string;
      event: number;
      runId: string;
      handler?: string;
    })
  | (HostEventBase & {
      type: 'run.finished';
      deliveryId: string;
      event: number;
      runId: string;
      handler?: string;
      status: RunStatus;
      error?: StepErrorJson;
    })
  | (HostEventBase & { type: 'poll.finished'; events: number; first: boolean })
  | (HostEventBase & { type: 'poll.failed'; error: StepErrorJson })
  | (HostEventBase & { type: 'binding.activated' })
  | (HostEventBase & { type: 'binding.deactivated' })
  | (HostEventBase & { type: 'binding.repaired'; found: 'missing' | 'changed' })
  /** A reconcile could not inspect or repair the registration: tried again at the next interval. */
  | (HostEventBase & { type: 'binding.unchecked'; error: StepErrorJson })
  /** Finished deliveries older than the host keeps them (finished before `before`) were deleted. */
  | (HostEventBase & { type: 'deliveries.pruned'; count: number; before: number });

export type TriggerHostEventType = TriggerHostEvent['type'];

export type TriggerHostListener = (event: TriggerHostEvent) => void;
