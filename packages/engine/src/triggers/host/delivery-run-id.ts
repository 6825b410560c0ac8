import { createHash } from 'node:crypto';
import type { StoredDelivery } from '../../ports/trigger-store.js';

/**
 * The id of the run an event of a kept delivery starts: the same each time the delivery is taken
 * (after a crash, or replayed), so the run is found in its journal and resumed instead of started
 * again. It is a sha256 shaped as a UUID (version 8, RFC 9562's own-hash kind).
 *
 * When the delivery was received is part of it: delivery ids are only unique per third party and
 * binding (emulators number theirs from the same start each session), and a journal may outlive
 * the store that kept them; a run of another delivery with the same id must never pass for this one's.
 */
export function deliveryRunId(
  delivery: Pick<StoredDelivery, 'bindingId' | 'id' | 'receivedAt'>,
  event: number,
): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([delivery.bindingId, delivery.id, delivery.receivedAt, event]))
    .digest('hex');
  const variant = ((Number.parseInt(hash[16], 16) & 0x3) | 0x8).toString(16);
  return [
    hash.slice(0, 8),
    hash.slice(8, 12),
    `8${hash.slice(13, 16)}`,
    `${variant}${hash.slice(17, 20)}`,
    hash.slice(20, 32),
  ].join('-');
}
