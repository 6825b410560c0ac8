import type { DeliverySpool } from '../store/delivery-spool.js';
import type { DeliveryKey } from './delivery-queue.js';
import type { HostParts } from './host-parts.js';

/** How often a host tries again to move spooled deliveries into a store that failed. */
export const SPOOL_RETRY_MS = 30_000;

/**
 * Moves spooled deliveries into the store, oldest first, and offers them to run. The store
 * deduplicates them by delivery id, so one already there (its commit took effect after all, or an
 * earlier drain stopped before removing the file) is run at most once. Stops at the first delivery
 * the store still refuses; answers whether the spool is empty.
 */
export async function drainSpool(
  parts: HostParts,
  spool: DeliverySpool,
  offer: (key: DeliveryKey) => void,
): Promise<boolean> {
  for (const file of spool.list()) {
    let delivery: Awaited<ReturnType<DeliverySpool['read']>>;
    try {
      delivery = await spool.read(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') {
        // Removed by someone else (an operator, another host on the same spool): waiting for it would hold back every later one.
        parts.logger.warn('A spooled delivery is gone from the spool; it is forgotten', { file: file.name });
        await spool.remove(file);
        continue;
      }
      parts.logger.warn('A spooled delivery could not be read; it stays in the spool', {
        file: file.name,
        error: (error as Error)?.message,
      });
      return false;
    }
    if (delivery === undefined) {
      parts.logger.warn('A spooled file is not a delivery: set aside as .unreadable', { file: file.name });
      continue;
    }
    try {
      const verdict = await parts.store.commitDelivery(delivery);
      if (verdict === 'committed')
        parts.emit({ type: 'delivery.received', bindingId: delivery.bindingId, deliveryId: delivery.id });
    } catch {
      return false;
    }
    await spool.remove(file);
    // A delivery already finished is not taken again: offering it is harmless.
    offer({ bindingId: delivery.bindingId, id: delivery.id });
  }
  return spool.count === 0;
}
