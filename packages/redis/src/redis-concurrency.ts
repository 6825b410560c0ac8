import { cancellation, type SharedConcurrency, type SharedSlot } from '@toolsteps/engine';
import type { Redis } from 'ioredis';
import { Semaphore } from 'redis-semaphore';

export interface RedisConcurrencyOptions {
  /**
   * How long a slot outlives a holder that died without giving it back; renewed every third of it
   * while held, so a slow request keeps its slot. Default 30 s.
   */
  lockTimeoutMs?: number;
  /** Pause between asks while every slot is held. Default 20 ms. */
  retryIntervalMs?: number;
  prefix?: string;
}

/**
 * Account concurrency caps every worker shares: one redis-semaphore `Semaphore` per account and kind
 * (a sorted set of holders, taken and freed by atomic scripts). Holders are stamped with their
 * machine's clock, so clocks of the workers must agree to well within `lockTimeoutMs`.
 */
export class RedisConcurrency implements SharedConcurrency {
  readonly #lockTimeoutMs: number;
  readonly #retryIntervalMs: number;
  readonly #prefix: string;

  constructor(
    private readonly client: Redis,
    options: RedisConcurrencyOptions = {},
  ) {
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 30_000;
    this.#retryIntervalMs = options.retryIntervalMs ?? 20;
    this.#prefix = options.prefix ?? 'toolsteps:slots';
  }

  async hold<T>(slot: SharedSlot, work: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const key = `${this.#prefix}:${slot.kind}:${slot.integration}:${slot.accountId}`;
    const semaphore = this.#semaphore(key, slot.limit);
    try {
      await semaphore.acquire(signal);
    } catch (error) {
      throw signal.aborted ? cancellation(signal.reason) : error;
    }
    // Renewed here, not by the library's own timer: a renewal failing there (Redis unreachable for
    // a moment) would be an unhandled rejection that ends the worker.
    const renewal = setInterval(
      () => void this.#renew(key, slot.limit, semaphore.identifier),
      this.#lockTimeoutMs / 3,
    );
    renewal.unref();
    try {
      // Taken just as the caller gave up: given back at once, nothing sent.
      if (signal.aborted) throw cancellation(signal.reason);
      return await work();
    } finally {
      clearInterval(renewal);
      // A release that fails leaves the slot to expire after lockTimeoutMs.
      await semaphore.release().catch(() => {});
    }
  }

  /** Extends a held slot's life; a slot already expired is simply lost (its request is in flight). */
  async #renew(key: string, limit: number, identifier: string): Promise<void> {
    // The library's documented way to refresh a semaphore held by another instance.
    const held = this.#semaphore(key, limit, identifier);
    await held.tryAcquire().catch(() => false);
  }

  #semaphore(key: string, limit: number, identifier?: string): Semaphore {
    return new Semaphore(this.client, key, limit, {
      lockTimeout: this.#lockTimeoutMs,
      // Waits as long as the caller does: its signal ends the wait, as it ends a wait in p-queue.
      acquireTimeout: Number.POSITIVE_INFINITY,
      retryInterval: this.#retryIntervalMs,
      refreshInterval: 0,
      ...(identifier === undefined ? {} : { identifier, acquiredExternally: true }),
    });
  }
}
