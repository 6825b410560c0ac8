import PQueue from 'p-queue';

/** A delivery as the queue knows it: which binding, which delivery. */
export interface DeliveryKey {
  bindingId: string;
  id: string;
}

export interface DeliveryQueueOptions {
  /** Deliveries run at once. */
  concurrency: number;
  /** Deliveries held in memory, waiting or running; more wait in the store and are fetched as room frees. */
  maxQueued: number;
  run(key: DeliveryKey): Promise<void>;
  /** Deliveries waiting in the store (`received`), oldest first, at most `limit`. */
  waiting(limit: number): Promise<DeliveryKey[]>;
  failed(error: unknown, key: DeliveryKey): void;
}

/**
 * The bounded, in-memory queue a trigger host runs its deliveries from (not the Redis `RunQueue`,
 * which queues runs for workers). It is only a transport: every delivery in it is already committed,
 * so one it has no room for is not lost, it waits in the store and is fetched once the queue has
 * drained to half. A delivery is never held twice (a redelivery, a replay, a restart).
 */
export class DeliveryQueue {
  private readonly queue: PQueue;
  private held = new Set<string>();
  /** Each delivery running, by name, with its run: what `settled` waits for. */
  private readonly running = new Map<string, Promise<void>>();
  /** Some committed delivery was left in the store for want of room. */
  private overflowed = false;
  private refilling: Promise<void> | undefined;

  constructor(private readonly options: DeliveryQueueOptions) {
    this.queue = new PQueue({ concurrency: options.concurrency, autoStart: false });
  }

  offer(key: DeliveryKey): void {
    const name = nameOf(key);
    if (this.held.has(name)) return;
    if (this.held.size >= this.options.maxQueued) {
      this.overflowed = true;
      return;
    }
    this.held.add(name);
    void this.queue.add(async () => {
      const run = (async () => {
        try {
          await this.options.run(key);
        } catch (error) {
          this.options.failed(error, key);
        }
      })();
      this.running.set(name, run);
      try {
        await run;
      } finally {
        this.running.delete(name);
        this.held.delete(name);
        this.afterRun();
      }
    });
  }

  /** Starts running, first fetching what waits in the store. */
  start(): void {
    this.queue.start();
    this.startRefill();
  }

  /** Runs in progress finish; waiting ones stay committed in the store for the next start. */
  async stop(): Promise<void> {
    this.queue.pause();
    this.queue.clear();
    this.held = new Set(this.running.keys());
    this.overflowed = false;
    await this.queue.onPendingZero();
    await this.refilling;
  }

  /** Resolves once the deliveries of this binding running now have ended (those waiting are not awaited). */
  async settled(bindingId: string): Promise<void> {
    const prefix = nameOf({ bindingId, id: '' });
    await Promise.all([...this.running].filter(([name]) => name.startsWith(prefix)).map(([, run]) => run));
  }

  /** Resolves once nothing is waiting or running, the store's overflow included. */
  async idle(): Promise<void> {
    for (;;) {
      await this.queue.onIdle();
      await this.refilling;
      if (this.held.size === 0 && !this.overflowed && this.refilling === undefined) return;
      if (this.held.size === 0 && this.refilling === undefined) this.startRefill();
    }
  }

  private afterRun(): void {
    if (this.overflowed && this.held.size <= this.options.maxQueued / 2 && !this.queue.isPaused)
      this.startRefill();
  }

  private startRefill(): void {
    if (this.refilling !== undefined) return;
    this.overflowed = false;
    this.refilling = this.refill()
      .catch((error) => this.options.failed(error, { bindingId: '', id: '' }))
      .finally(() => {
        this.refilling = undefined;
      });
  }

  private async refill(): Promise<void> {
    // Enough to find `maxQueued` not held already: those held are among the oldest waiting.
    const limit = this.held.size + this.options.maxQueued;
    const keys = await this.options.waiting(limit);
    for (const key of keys) this.offer(key);
    if (keys.length === limit) this.overflowed = true;
  }
}

function nameOf(key: DeliveryKey): string {
  return `${key.bindingId}\u0000${key.id}`;
}
