import type {
  Activation,
  DeliveryOutcome,
  DeliveryQuery,
  DeliveryRun,
  NewDelivery,
  StoredDelivery,
  TriggerStore,
} from '../../ports/trigger-store.js';
import { selectDeliveries } from './select-deliveries.js';

/**
 * Everything in memory, gone with the process: for tests and one-off runs (`trigger test --run`),
 * never for `serve`. It answers exactly as the SQLite store does (the same contract tests run on both).
 */
export class MemoryTriggerStore implements TriggerStore {
  private readonly activationsById = new Map<string, Activation>();
  /** In commit order, which is the order deliveries run in. */
  private readonly kept = new Map<string, StoredDelivery>();
  private readonly cursors = new Map<string, string>();

  async activation(bindingId: string): Promise<Activation | undefined> {
    return copy(this.activationsById.get(bindingId));
  }

  async activations(): Promise<Activation[]> {
    return [...this.activationsById.values()]
      .sort((a, b) => (a.bindingId < b.bindingId ? -1 : a.bindingId > b.bindingId ? 1 : 0))
      .map((activation) => structuredClone(activation));
  }

  async saveActivation(activation: Activation): Promise<void> {
    this.activationsById.set(activation.bindingId, structuredClone(activation));
  }

  async replaceActivation(expected: Activation | undefined, activation: Activation): Promise<boolean> {
    const current = this.activationsById.get(activation.bindingId);
    if (current === undefined ? expected !== undefined : !sameActivationState(current, expected))
      return false;
    this.activationsById.set(activation.bindingId, structuredClone(activation));
    return true;
  }

  async commitDelivery(delivery: NewDelivery): Promise<'committed' | 'duplicate'> {
    const key = keyOf(delivery.bindingId, delivery.id);
    if (this.kept.has(key) || this.keptWithReplayKey(delivery)) return 'duplicate';
    this.kept.set(key, fresh(delivery));
    return 'committed';
  }

  async commitPoll(bindingId: string, cursor: string, deliveries: readonly NewDelivery[]): Promise<void> {
    for (const delivery of deliveries) {
      const key = keyOf(delivery.bindingId, delivery.id);
      if (!this.kept.has(key)) this.kept.set(key, fresh(delivery));
    }
    this.cursors.set(bindingId, cursor);
  }

  async cursor(bindingId: string): Promise<string | undefined> {
    return this.cursors.get(bindingId);
  }

  async clearCursor(bindingId: string): Promise<void> {
    this.cursors.delete(bindingId);
  }

  async delivery(bindingId: string, id: string): Promise<StoredDelivery | undefined> {
    return copy(this.kept.get(keyOf(bindingId, id)));
  }

  async deliveriesWithId(id: string): Promise<StoredDelivery[]> {
    return [...this.kept.values()]
      .filter((delivery) => delivery.id === id)
      .map((delivery) => structuredClone(delivery));
  }

  async deliveries(query: DeliveryQuery = {}): Promise<StoredDelivery[]> {
    return selectDeliveries([...this.kept.values()], query).map((delivery) => structuredClone(delivery));
  }

  async deliveryKeys(query: DeliveryQuery = {}) {
    return selectDeliveries([...this.kept.values()], query).map(({ bindingId, id, receivedAt }) => ({
      bindingId,
      id,
      receivedAt,
    }));
  }

  async startDelivery(bindingId: string, id: string): Promise<StoredDelivery | undefined> {
    const delivery = this.kept.get(keyOf(bindingId, id));
    if (delivery === undefined || (delivery.status !== 'received' && delivery.status !== 'running'))
      return undefined;
    delivery.status = 'running';
    delivery.attempts += 1;
    return structuredClone(delivery);
  }

  async recordRun(bindingId: string, id: string, run: DeliveryRun): Promise<void> {
    this.kept.get(keyOf(bindingId, id))?.runs.push(structuredClone(run));
  }

  async finishDelivery(bindingId: string, id: string, outcome: DeliveryOutcome): Promise<void> {
    const delivery = this.kept.get(keyOf(bindingId, id));
    if (delivery === undefined) return;
    delivery.status = outcome.status;
    delivery.eventsCount = outcome.eventsCount;
    delivery.finishedAt = outcome.finishedAt;
    if (outcome.error === undefined) delete delivery.error;
    else delivery.error = structuredClone(outcome.error);
  }

  async requeueDelivery(bindingId: string, id: string): Promise<boolean> {
    const delivery = this.kept.get(keyOf(bindingId, id));
    if (delivery === undefined) return false;
    delivery.status = 'received';
    delete delivery.error;
    delete delivery.finishedAt;
    return true;
  }

  async pruneDeliveries(before: number, bindingId?: string): Promise<number> {
    let deleted = 0;
    for (const [key, delivery] of this.kept) {
      if (bindingId !== undefined && delivery.bindingId !== bindingId) continue;
      if (!isFinished(delivery) || (delivery.finishedAt ?? before) >= before) continue;
      this.kept.delete(key);
      deleted += 1;
    }
    return deleted;
  }

  async close(): Promise<void> {}

  /** Looked for among the kept deliveries themselves, so a delivery pruned takes its key with it. */
  private keptWithReplayKey({ bindingId, replayKey }: NewDelivery): boolean {
    if (replayKey === undefined) return false;
    for (const kept of this.kept.values())
      if (kept.bindingId === bindingId && kept.replayKey === replayKey) return true;
    return false;
  }
}

/** As the SQLite store compares them: the status, and the registration as JSON. */
function sameActivationState(a: Activation, b: Activation | undefined): boolean {
  return (
    b !== undefined &&
    a.status === b.status &&
    JSON.stringify(a.registration) === JSON.stringify(b.registration)
  );
}

function keyOf(bindingId: string, id: string): string {
  return `${bindingId}\u0000${id}`;
}

function isFinished(delivery: StoredDelivery): boolean {
  return delivery.status === 'succeeded' || delivery.status === 'skipped' || delivery.status === 'failed';
}

function fresh(delivery: NewDelivery): StoredDelivery {
  return {
    ...structuredClone(delivery),
    rawBody: new Uint8Array(delivery.rawBody),
    status: 'received',
    runs: [],
    attempts: 0,
  };
}

function copy<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
