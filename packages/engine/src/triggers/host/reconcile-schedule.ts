import type { Clock } from '../../ports/clock.js';
import { type Interval, onAnInterval } from './on-an-interval.js';

/** How often a host reconciles its webhook bindings unless told otherwise. */
export const DEFAULT_RECONCILE_EVERY_MS = 5 * 60_000;

/**
 * A delivery refused for its signature brings its binding's reconcile forward at most this often:
 * anyone can send such a request, and each reconcile costs a call at the third party.
 */
export const EARLY_RECONCILE_GAP_MS = 60_000;

export interface ReconcileScheduleOptions {
  clock: Clock;
  /** 0: never on a schedule (nor brought forward). */
  everyMs: number;
  /** Whether any webhook binding is active: with none, there is nothing to reconcile. */
  anyActive(): boolean;
  /** Reconciles every active webhook binding, each one's failure told and not thrown. */
  reconcileAll(signal: AbortSignal): Promise<void>;
  /** Reconciles one binding, its failure told and not thrown. */
  reconcileOne(bindingId: string, signal: AbortSignal): Promise<void>;
}

/**
 * Reconciles a running host's webhook bindings every `everyMs` on the engine's clock, so a hook
 * deleted or edited at the third party while the host runs is repaired without a restart. It runs
 * only while some webhook binding is active (`wake` starts it again after an activation), and `soon`
 * brings one binding's reconcile forward when what came to its URL says its registration changed.
 */
export class ReconcileSchedule {
  private interval: Interval | undefined;
  private running = false;
  private readonly early = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();
  private controller = new AbortController();

  constructor(private readonly options: ReconcileScheduleOptions) {}

  start(): void {
    this.running = true;
    this.controller = new AbortController();
    this.wake();
  }

  /** Starts the schedule if the host runs, reconciles on a schedule and has a binding to reconcile. */
  wake(): void {
    const { clock, everyMs, anyActive } = this.options;
    if (!this.running || everyMs === 0 || this.interval !== undefined || !anyActive()) return;
    const interval = onAnInterval(clock, everyMs, async (signal) => {
      if (!anyActive()) {
        // Nothing left to reconcile: asleep until an activation wakes it.
        if (this.interval === interval) this.interval = undefined;
        return false;
      }
      await this.options.reconcileAll(signal);
      return true;
    });
    this.interval = interval;
  }

  /** Reconciles one binding now, unless it was brought forward less than EARLY_RECONCILE_GAP_MS ago. */
  soon(bindingId: string): void {
    const { clock, everyMs } = this.options;
    if (!this.running || everyMs === 0) return;
    const now = clock.now();
    const last = this.early.get(bindingId);
    if (last !== undefined && now - last < EARLY_RECONCILE_GAP_MS) return;
    this.early.set(bindingId, now);
    const reconcile = this.options.reconcileOne(bindingId, this.controller.signal);
    this.pending.add(reconcile);
    void reconcile.finally(() => this.pending.delete(reconcile));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.controller.abort();
    const interval = this.interval;
    this.interval = undefined;
    await interval?.stop();
    await Promise.all(this.pending);
  }
}
