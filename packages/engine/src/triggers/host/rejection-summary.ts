import type { DistributiveOmit } from './host-parts.js';
import type { TriggerHostEvent } from './trigger-host-events.js';

/** How long refusals of one kind are counted before they are told together. */
export const REJECTION_SUMMARY_MS = 10_000;

/** Longest binding id a refusal repeats from a URL: a real one is shorter, a longer one is not a binding. */
const MAX_ECHOED_ID_LENGTH = 64;

type Emit = (event: DistributiveOmit<TriggerHostEvent, 'at'>) => void;

interface Window {
  bindingId?: string;
  status: number;
  reason: string;
  /** Refusals since the window was last told, not told one by one. */
  count: number;
}

/**
 * Tells refused requests without letting their senders flood the listener: the first refusal of a
 * kind (its status and reason, at a binding the host serves or at none) is told at once as
 * `delivery.rejected`; more of that kind within the interval are counted and told once as
 * `deliveries.rejected` when it ends, and so on each interval while they keep coming. Whatever
 * the senders do, an interval tells at most two events per kind, and the kinds are few: the
 * reasons are the receiver's own, and the binding ids of refusals at unknown bindings are not kept
 * apart. A binding id from a URL is cut before it is told.
 */
export class RejectionSummary {
  private readonly windows = new Map<string, Window>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly emit: Emit,
    /** Whether the host serves this binding: other ids come from the sender alone. */
    private readonly serves: (bindingId: string) => boolean,
    private readonly intervalMs = REJECTION_SUMMARY_MS,
  ) {}

  rejected(bindingId: string, status: number, reason: string): void {
    const served = this.serves(bindingId);
    const key = JSON.stringify([served ? bindingId : null, status, reason]);
    const window = this.windows.get(key);
    if (window !== undefined) {
      window.count += 1;
      return;
    }
    this.windows.set(key, { ...(served ? { bindingId } : {}), status, reason, count: 0 });
    this.emit({
      type: 'delivery.rejected',
      bindingId: served ? bindingId : echoed(bindingId),
      status,
      reason,
    });
    this.timer ??= setTimeout(() => this.tell(), this.intervalMs).unref();
  }

  /** Tells what is counted and not told yet, at once (the host stops), and starts afresh. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.tellCounted();
    this.windows.clear();
  }

  /** The interval ended: counts told; a kind still refused stays counted, one that stopped is forgotten. */
  private tell(): void {
    this.timer = undefined;
    for (const [key, window] of this.windows) if (window.count === 0) this.windows.delete(key);
    this.tellCounted();
    if (this.windows.size > 0) this.timer = setTimeout(() => this.tell(), this.intervalMs).unref();
  }

  private tellCounted(): void {
    for (const window of this.windows.values()) {
      if (window.count === 0) continue;
      const { count, ...kind } = window;
      this.emit({ type: 'deliveries.rejected', ...kind, count, intervalMs: this.intervalMs });
      window.count = 0;
    }
  }
}

/** An id as a sender wrote it, cut to a length a log line can afford. */
function echoed(text: string): string {
  const characters = [...text];
  return characters.length <= MAX_ECHOED_ID_LENGTH
    ? text
    : `${characters.slice(0, MAX_ECHOED_ID_LENGTH).join('')}…`;
}
