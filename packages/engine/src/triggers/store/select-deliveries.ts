import type { DeliveryQuery, StoredDelivery } from '../../ports/trigger-store.js';

/** A query over deliveries held in commit order, as the SQLite store answers it with SQL. */
export function selectDeliveries(
  deliveries: readonly StoredDelivery[],
  { bindingId, status, order = 'oldest', limit }: DeliveryQuery,
): StoredDelivery[] {
  const chosen = deliveries.filter(
    (delivery) =>
      (bindingId === undefined || delivery.bindingId === bindingId) &&
      (status === undefined || status.includes(delivery.status)),
  );
  if (order === 'newest') chosen.reverse();
  return limit === undefined ? chosen : chosen.slice(0, limit);
}
