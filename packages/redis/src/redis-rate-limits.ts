import { type SharedAdmission, type SharedRateLimits, SystemClock } from '@toolsteps/engine';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { wholeSecondWindows } from './whole-second-windows.js';

/** Waits between asks end early, as a `cancelled` StepError, when the caller's signal aborts. */
const PAUSES = new SystemClock();

const DEFAULT_INTERVAL_MS = 1_000;

/**
 * Account rate limits every worker shares, counted in Redis by rate-limiter-flexible: at most
 * `intervalCap` requests in any `intervalMs`, and writes spaced by `writeIntervalMs`. A request over
 * the limit waits for its window's end, then asks again: nothing is refused, as the per-process
 * limiter never refuses either. rate-limiter-flexible counts in fixed windows of whole seconds, which
 * would let up to twice the cap through around a window's end; `wholeSecondWindows` sizes them so
 * that no interval, wherever it starts, holds more than the cap (at worst slower, never over).
 */
export class RedisRateLimits implements SharedRateLimits {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(
    private readonly client: Redis,
    private readonly prefix = 'toolsteps:rate',
  ) {}

  async admit(admission: SharedAdmission, signal: AbortSignal): Promise<void> {
    const { spec, write } = admission;
    const account = `${admission.integration}:${admission.accountId}`;
    if (spec.intervalCap !== undefined) {
      const intervalMs = spec.intervalMs ?? DEFAULT_INTERVAL_MS;
      await this.take(this.limiter('all', spec.intervalCap, intervalMs), account, signal);
    }
    if (write && spec.writeIntervalMs)
      await this.take(this.limiter('writes', 1, spec.writeIntervalMs), account, signal);
  }

  private async take(limiter: RateLimiterRedis, key: string, signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      try {
        await limiter.consume(key, 1);
        return;
      } catch (refusal) {
        // Anything but "over the limit" is Redis failing: the request fails with it.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        await PAUSES.sleep(Math.max(1, refusal.msBeforeNext), signal);
      }
    }
  }

  /** One limiter per rule: the rule is part of its keys, so changing a limit starts a fresh count. */
  private limiter(kind: string, cap: number, intervalMs: number): RateLimiterRedis {
    const name = `${kind}:${cap}:${intervalMs}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const { windowS, perWindow } = wholeSecondWindows(cap, intervalMs);
      limiter = new RateLimiterRedis({
        storeClient: this.client,
        keyPrefix: `${this.prefix}:${name}`,
        points: perWindow,
        duration: windowS,
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
