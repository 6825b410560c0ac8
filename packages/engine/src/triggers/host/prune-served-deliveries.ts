import type { HostParts } from './host-parts.js';

/** How often a running host prunes, beside once at start. */
export const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Deletes the finished deliveries of the host's bindings that finished more than `keepMs` ago (those
 * waiting or running are kept), telling how many per binding. A failure is logged, never thrown:
 * keeping too much for an hour more harms nothing.
 */
export async function pruneServedDeliveries(parts: HostParts, keepMs: number): Promise<void> {
  const before = parts.clock.now() - keepMs;
  for (const bindingId of parts.bindings.keys()) {
    try {
      const count = await parts.store.pruneDeliveries(before, bindingId);
      if (count > 0) parts.emit({ type: 'deliveries.pruned', bindingId, count, before });
    } catch (error) {
      parts.logger.warn('Old deliveries could not be pruned; tried again in an hour', {
        bindingId,
        error: (error as Error)?.message,
      });
    }
  }
}
