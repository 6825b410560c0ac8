import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeliverySenders } from './delivery-senders.js';
import type { SignedDelivery } from './issue-opened-deliveries.js';

/** What one phase of load saw. */
export interface LoadResult {
  /** Every delivery answered 202, warm-up included: each must be found in the store afterwards. */
  acknowledgedIds: string[];
  /** Deliveries answered anything but 202, by status (0: no answer at all). */
  otherAnswers: Record<string, number>;
  /** Of the measured deliveries: how many were answered 202, and each one's latency. */
  measuredAcknowledged: number;
  latenciesMs: number[];
  /** From the first measured delivery's send (its due time, when paced) to the last answer. */
  elapsedMs: number;
}

/**
 * Open loop: delivery i is due at start + i / rate and sent then, whatever the answers so far, on
 * sender i mod count; its latency runs from its due time. A sender that waits for answers (closed
 * loop) sends less when the server slows, so the queueing it should have met never shows in its
 * latencies (coordinated omission); here a late answer, or a send held behind one, counts in full.
 * The first `warmup` deliveries are sent and checked but not measured.
 */
export async function pacedLoad(
  senders: DeliverySenders,
  deliveries: readonly SignedDelivery[],
  options: { perSecond: number; warmup: number },
): Promise<LoadResult> {
  const tally = new Tally();
  const start = performance.now();
  const due = (index: number) => start + (index * 1000) / options.perSecond;
  const answers: Array<Promise<void>> = [];
  let next = 0;
  while (next < deliveries.length) {
    const now = performance.now();
    for (; next < deliveries.length && due(next) <= now; next++) {
      const index = next;
      answers.push(
        senders
          .send(index, deliveries[index])
          .then((status) => tally.record(deliveries[index], status, due(index), index >= options.warmup)),
      );
    }
    // Timers fire a millisecond or so late: the deliveries due meanwhile go together, still timed from when they were due.
    if (next < deliveries.length) await sleep(Math.max(0, due(next) - performance.now()));
  }
  await Promise.all(answers);
  return tally.result();
}

/**
 * Closed loop: every sender sends its next delivery as soon as its last is answered, for
 * `durationMs`. What the server can take at most; its latencies include the queue that builds
 * in front of it with every sender waiting.
 */
export async function closedLoopLoad(
  senders: DeliverySenders,
  deliveryAt: (index: number) => SignedDelivery,
  options: { durationMs: number },
): Promise<LoadResult> {
  const tally = new Tally();
  const end = performance.now() + options.durationMs;
  let next = 0;
  await Promise.all(
    Array.from({ length: senders.count }, async (_, sender) => {
      while (performance.now() < end) {
        const delivery = deliveryAt(next++);
        const sentAt = performance.now();
        tally.record(delivery, await senders.send(sender, delivery), sentAt, true);
      }
    }),
  );
  return tally.result();
}

/** Answers as they come: the time each is taken is its acknowledgement time. */
class Tally {
  private readonly acknowledgedIds: string[] = [];
  private readonly otherAnswers: Record<string, number> = {};
  private readonly latenciesMs: number[] = [];
  private firstMs = Number.POSITIVE_INFINITY;
  private lastMs = 0;

  record(delivery: SignedDelivery, status: number, fromMs: number, measured: boolean): void {
    const answeredAt = performance.now();
    if (status !== 202) {
      this.otherAnswers[status] = (this.otherAnswers[status] ?? 0) + 1;
      return;
    }
    this.acknowledgedIds.push(delivery.id);
    if (!measured) return;
    this.latenciesMs.push(answeredAt - fromMs);
    this.firstMs = Math.min(this.firstMs, fromMs);
    this.lastMs = Math.max(this.lastMs, answeredAt);
  }

  result(): LoadResult {
    return {
      acknowledgedIds: this.acknowledgedIds,
      otherAnswers: this.otherAnswers,
      measuredAcknowledged: this.latenciesMs.length,
      latenciesMs: this.latenciesMs,
      elapsedMs: this.latenciesMs.length === 0 ? 0 : this.lastMs - this.firstMs,
    };
  }
}
