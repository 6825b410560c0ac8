import type { Registration, StepErrorJson } from '@toolsteps/sdk';
import type { RunStatus } from './events.js';

/**
 * Where a delivery stands: `received` (committed and acknowledged, not run yet), `running`,
 * `succeeded` (every event that passed the filter ran and succeeded), `failed` (kept with its error,
 * replayable), `skipped` (no event, or every event filtered out).
 */
export type DeliveryStatus = 'received' | 'running' | 'succeeded' | 'failed' | 'skipped';

/** A webhook delivery, or one event a poll found (kept the same way so it runs, and reruns, the same way). */
export type DeliverySource = 'webhook' | 'poll';

/** A binding activated at its third party: what deactivating, verifying and reconciling it need. */
export interface Activation {
  bindingId: string;
  trigger: string;
  account: string;
  /** Webhook triggers: what the integration's `register` returned (e.g. `{ hookId: 42 }`). */
  registration?: Registration;
  /** Webhook triggers: what deliveries are signed with. Never printed; encrypted at rest when a key is given. */
  secret?: string;
  status: 'active' | 'inactive';
  /** Epoch milliseconds. */
  activatedAt: number;
}

/** A delivery as the receiver (or a poll) commits it. */
export interface NewDelivery {
  /** The third party's delivery id (the same on a redelivery), or a fresh one for a polled event. */
  id: string;
  bindingId: string;
  source: DeliverySource;
  /** Epoch milliseconds. */
  receivedAt: number;
  /** Lowercase names, without credentials or signatures. */
  headers: Record<string, string>;
  /** The body exactly as received; a polled event as JSON. */
  rawBody: Uint8Array;
  /**
   * A webhook delivery's replay key: a digest of its signature (never the signature). A delivery to
   * the same binding with the same key is a duplicate whatever its id, as long as the first is kept.
   */
  replayKey?: string;
}

/** One workflow run a delivery started: one per event that passed the filter. */
export interface DeliveryRun {
  /** The event's position among the delivery's events. */
  event: number;
  runId: string;
  status: RunStatus;
  error?: StepErrorJson;
}

export interface StoredDelivery extends NewDelivery {
  status: DeliveryStatus;
  /** Why it failed: the first failure among its events (a run, the mapping, the trigger's match). */
  error?: StepErrorJson;
  /** Runs so far, in the order they finished; an event whose run succeeded is not run again. */
  runs: DeliveryRun[];
  /** How many events the delivery made, once it has been read. */
  eventsCount?: number;
  /** How many times it was taken to run (a restart or a replay takes it again). */
  attempts: number;
  finishedAt?: number;
}

export interface DeliveryQuery {
  bindingId?: string;
  status?: readonly DeliveryStatus[];
  /** Default oldest first, the order they are run in. */
  order?: 'oldest' | 'newest';
  limit?: number;
}

export interface DeliveryOutcome {
  status: 'succeeded' | 'failed' | 'skipped';
  error?: StepErrorJson;
  eventsCount: number;
  finishedAt: number;
}

/**
 * What the trigger host keeps: activations with their secrets, deliveries from their commit to their
 * outcome, and poll cursors. An embedded store and a server-backed one answer the same way; the
 * receiver and the runners never know which they have. Every write resolves once it is durable.
 */
export interface TriggerStore {
  activation(bindingId: string): Promise<Activation | undefined>;
  /** Every activation, active or not, by binding id. */
  activations(): Promise<Activation[]>;
  /** Creates or replaces the binding's activation. */
  saveActivation(activation: Activation): Promise<void>;
  /**
   * Replaces the binding's activation with `activation` only if it is still `expected` (the same
   * status and registration; undefined: the binding has none); false, nothing changed, when another
   * process changed it meanwhile. A repair by `serve` and a `trigger deactivate` of the same binding
   * cannot undo each other this way.
   */
  replaceActivation(expected: Activation | undefined, activation: Activation): Promise<boolean>;

  /**
   * Commits a received delivery, unless one with the same id, or the same `replayKey`, is already
   * kept for the binding: a redelivery (or a signed request resent under another id) is
   * `duplicate` and changes nothing.
   */
  commitDelivery(delivery: NewDelivery): Promise<'committed' | 'duplicate'>;
  /** A poll's events and the cursor after them, together: both are kept, or neither. */
  commitPoll(
    bindingId: string,
    cursor: string,
    deliveries: readonly NewDelivery[],
    at: number,
  ): Promise<void>;
  cursor(bindingId: string): Promise<string | undefined>;
  /** Forgets the cursor, so the next poll starts afresh (records a cursor, runs nothing). */
  clearCursor(bindingId: string): Promise<void>;

  delivery(bindingId: string, id: string): Promise<StoredDelivery | undefined>;
  /** Deliveries with this id, whichever binding they came to. */
  deliveriesWithId(id: string): Promise<StoredDelivery[]>;
  deliveries(query?: DeliveryQuery): Promise<StoredDelivery[]>;
  /** Which deliveries a query finds, without reading their bodies: to scan a backlog cheaply. */
  deliveryKeys(query?: DeliveryQuery): Promise<Array<{ bindingId: string; id: string; receivedAt: number }>>;
  /**
   * Takes a delivery to run: `running`, one more attempt. Undefined when it is not kept or already
   * finished (only `requeueDelivery` makes a finished one runnable again).
   */
  startDelivery(bindingId: string, id: string): Promise<StoredDelivery | undefined>;
  /** Records one run as soon as it ends, so a crash between two events does not run the first again. */
  recordRun(bindingId: string, id: string, run: DeliveryRun): Promise<void>;
  finishDelivery(bindingId: string, id: string, outcome: DeliveryOutcome): Promise<void>;
  /** Puts a finished delivery back to `received` (its error cleared, its runs kept), to be run again. */
  requeueDelivery(bindingId: string, id: string): Promise<boolean>;
  /**
   * Deletes the deliveries (of one binding, or all) that finished (`succeeded`, `skipped` or
   * `failed`) before `before`, epoch milliseconds; how many. One waiting or running is never
   * deleted. A delivery deleted is forgotten: a redelivery of its id is then kept and run anew.
   */
  pruneDeliveries(before: number, bindingId?: string): Promise<number>;

  close(): Promise<void>;
}
