import type { NewDelivery } from '../../ports/trigger-store.js';
import type { DeliverySpool } from '../store/delivery-spool.js';
import type { DeliveryKey } from './delivery-queue.js';
import type { HostParts } from './host-parts.js';
import { type Interval, onAnInterval } from './on-an-interval.js';
import { drainSpool, SPOOL_RETRY_MS } from './spool-drain.js';

/**
 * Keeps verified deliveries: in the store, or, while the store fails, in the spool (when the host has
 * one), from which they are moved into the store at start, after the next commit that works, and
 * every SPOOL_RETRY_MS while any wait there. A delivery neither keeps is told (`delivery.unkept`,
 * with its id, so it can be delivered again from the third party) and its commit throws.
 */
export class DeliveryKeeper {
  private running = false;
  private draining: Promise<boolean> | undefined;
  private retry: Interval | undefined;

  constructor(
    private readonly parts: HostParts,
    private readonly spool: DeliverySpool | undefined,
    private readonly offer: (key: DeliveryKey) => void,
  ) {}

  /** `spooled`: not in the store yet, but durably kept, to be acknowledged all the same. */
  async commit(delivery: NewDelivery): Promise<'committed' | 'duplicate' | 'spooled'> {
    let verdict: 'committed' | 'duplicate';
    try {
      verdict = await this.parts.store.commitDelivery(delivery);
    } catch (error) {
      return this.spoolInstead(delivery, error);
    }
    // The store works again: what waits in the spool goes before the next retry.
    if (this.running && (this.spool?.count ?? 0) > 0) void this.drain();
    return verdict;
  }

  async start(): Promise<void> {
    this.running = true;
    await this.drain();
    this.retryWhileSpooled();
  }

  async stop(): Promise<void> {
    this.running = false;
    const retry = this.retry;
    this.retry = undefined;
    await retry?.stop();
    await this.draining;
  }

  private async spoolInstead(delivery: NewDelivery, storeError: unknown): Promise<'duplicate' | 'spooled'> {
    const { bindingId, id: deliveryId } = delivery;
    let reason = `the trigger store failed: ${messageOf(storeError)}`;
    if (this.spool !== undefined) {
      try {
        // Spooled already (a redelivery while the store fails): a duplicate, told as any other.
        if ((await this.spool.put(delivery)) === 'duplicate') return 'duplicate';
        this.parts.emit({ type: 'delivery.spooled', bindingId, deliveryId, reason });
        this.retryWhileSpooled();
        return 'spooled';
      } catch (spoolError) {
        reason += `; the spool too: ${messageOf(spoolError)}`;
      }
    }
    const event = eventNameOf(delivery.headers);
    this.parts.emit({
      type: 'delivery.unkept',
      bindingId,
      deliveryId,
      ...(event === undefined ? {} : { event }),
      reason,
    });
    this.parts.logger.error('A verified delivery could not be kept: deliver it again from the third party', {
      bindingId,
      deliveryId,
      event,
      reason,
    });
    throw storeError;
  }

  /** One drain at a time: the next commit and the retry never move the same file twice. */
  private drain(): Promise<boolean> {
    if (this.spool === undefined) return Promise.resolve(true);
    this.draining ??= drainSpool(this.parts, this.spool, this.offer)
      .catch(() => false)
      .finally(() => {
        this.draining = undefined;
      });
    return this.draining;
  }

  private retryWhileSpooled(): void {
    const { spool } = this;
    if (!this.running || spool === undefined || spool.count === 0 || this.retry !== undefined) return;
    const retry = onAnInterval(this.parts.clock, SPOOL_RETRY_MS, async () => {
      // Counted again after the drain: a delivery spooled meanwhile keeps the retry going.
      const empty = (await this.drain()) && spool.count === 0;
      if (empty && this.retry === retry) this.retry = undefined;
      return !empty;
    });
    this.retry = retry;
  }
}

/** The event a delivery says it is (`x-github-event: issues`), to name it when asking for a redelivery. */
function eventNameOf(headers: Record<string, string>): string | undefined {
  const name = Object.keys(headers).find((header) => header.endsWith('-event'));
  return name === undefined ? undefined : headers[name];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
