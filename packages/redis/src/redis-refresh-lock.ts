import { randomUUID } from 'node:crypto';
import { cancellation, type RefreshLock, StepError, SystemClock } from '@toolsteps/engine';
import type { Redis } from 'ioredis';

/** Waits between asks end early, as a `cancelled` StepError, when the caller's signal aborts. */
const PAUSES = new SystemClock();

export interface RedisRefreshLockOptions {
  /**
   * How long the lock outlives a holder that died without releasing it. Longer than a token request
   * (30s by default), and renewed while the work runs, so a slow refresh keeps it. Default 60s.
   */
  ttlMs?: number;
  /** Longest wait for another holder, then a clear error: twice the default token timeout. Default 60s. */
  maxWaitMs?: number;
  prefix?: string;
}

const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 500;

/** Deletes the lock only while it is still ours: a holder whose lock expired must not free the next one's. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Extends the lock only while it is still ours, for the same reason. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * The OAuth refresh lock every worker shares, in Redis: `SET key token NX PX ttl` takes it, a
 * compare-and-delete script releases it. A process that finds it taken polls with a growing pause
 * (refreshes are rare and short, so no pub/sub), until it gets it, its signal aborts, or `maxWaitMs`.
 */
export class RedisRefreshLock implements RefreshLock {
  readonly #ttlMs: number;
  readonly #maxWaitMs: number;
  readonly #prefix: string;

  constructor(
    private readonly client: Redis,
    options: RedisRefreshLockOptions = {},
  ) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#maxWaitMs = options.maxWaitMs ?? 60_000;
    this.#prefix = options.prefix ?? 'toolsteps:refresh:';
  }

  async hold<T>(key: string, work: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    const name = `${this.#prefix}${key}`;
    const token = randomUUID();
    await this.#acquire(name, token, signal);
    // Renewed at a third of its life: a refresh slower than the TTL still holds the lock to the end.
    const renewal = setInterval(() => {
      this.client.eval(RENEW, 1, name, token, String(this.#ttlMs)).catch(() => {});
    }, this.#ttlMs / 3);
    renewal.unref();
    try {
      return await work(signal);
    } finally {
      clearInterval(renewal);
      // A release that fails leaves the lock to expire: the next holder waits at most the TTL.
      await this.client.eval(RELEASE, 1, name, token).catch(() => {});
    }
  }

  async #acquire(name: string, token: string, signal: AbortSignal): Promise<void> {
    const started = Date.now();
    let pauseMs = FIRST_PAUSE_MS;
    for (;;) {
      if (signal.aborted) throw cancellation(signal.reason);
      if ((await this.client.set(name, token, 'PX', this.#ttlMs, 'NX')) === 'OK') return;
      if (Date.now() - started >= this.#maxWaitMs)
        throw new StepError({
          code: 'unavailable',
          message: `Another worker has been refreshing this account's OAuth token for over ${Math.round(this.#maxWaitMs / 1000)}s (Redis lock "${name}"); try again later`,
          retryable: true,
        });
      // Jittered, so waiting workers do not all ask again at the same moment.
      await PAUSES.sleep(pauseMs * (0.5 + Math.random() / 2), signal);
      pauseMs = Math.min(pauseMs * 2, LONGEST_PAUSE_MS);
    }
  }
}
