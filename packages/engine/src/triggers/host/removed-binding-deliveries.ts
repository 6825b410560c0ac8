import type { StepErrorJson } from '@toolsteps/sdk';
import type { DeliveryKey } from './delivery-queue.js';
import type { HostParts } from './host-parts.js';

/**
 * Finishes the deliveries of a binding removed from a running host that were kept and not run:
 * `skipped`, saying why, so none waits for ever for a binding nothing serves, and none runs for a
 * subscription that ended. One is skipped once however many find it (the removal's sweep and a
 * request that was being received as the binding went).
 */
export class RemovedBindingDeliveries {
  private readonly skipping = new Map<string, Promise<void>>();

  constructor(private readonly parts: HostParts) {}

  /** Every delivery of the binding kept and not finished (waiting, or cut off mid-run by a crash). */
  async skipAll(bindingId: string): Promise<void> {
    const keys = await this.parts.store.deliveryKeys({ bindingId, status: ['received', 'running'] });
    for (const key of keys) await this.skip(key);
  }

  skip(key: DeliveryKey): Promise<void> {
    const name = `${key.bindingId}\u0000${key.id}`;
    let skipping = this.skipping.get(name);
    if (skipping === undefined) {
      skipping = this.skipOne(key).finally(() => this.skipping.delete(name));
      this.skipping.set(name, skipping);
    }
    return skipping;
  }

  private async skipOne({ bindingId, id }: DeliveryKey): Promise<void> {
    const { store } = this.parts;
    const delivery = await store.delivery(bindingId, id);
    if (delivery?.status !== 'received' && delivery?.status !== 'running') return;
    const error: StepErrorJson = {
      code: 'cancelled',
      message:
        `Binding "${bindingId}" was removed from the trigger host before this delivery ran: nothing was run or handed over. ` +
        'Add the binding again and replay the delivery to run it',
      retryable: false,
    };
    await store.finishDelivery(bindingId, id, {
      status: 'skipped',
      error,
      eventsCount: delivery.eventsCount ?? 0,
      finishedAt: this.parts.clock.now(),
    });
    this.parts.emit({ type: 'delivery.finished', bindingId, deliveryId: id, status: 'skipped', error });
  }
}
