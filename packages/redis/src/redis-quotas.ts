import type { QuotaReport, SharedQuotaKey, SharedQuotas } from '@toolsteps/engine';
import type { Redis } from 'ioredis';

/**
 * Keeps the newer report: a later window wins, and within one window the fewer requests left (an
 * answer with more left was answered earlier). The key expires at the reset, when the window is over.
 */
const REPORT = `
local resetAt = tonumber(ARGV[2])
local known = redis.call('hmget', KEYS[1], 'left', 'reset')
local knownReset = tonumber(known[2])
if knownReset and knownReset > resetAt then return 0 end
if knownReset == resetAt and tonumber(known[1]) <= tonumber(ARGV[1]) then return 0 end
redis.call('hset', KEYS[1], 'left', ARGV[1], 'reset', ARGV[2])
redis.call('pexpireat', KEYS[1], ARGV[2])
return 1`;

/** Counts one request down; answers 0 when it may go, else the reset (epoch ms) to wait for. */
const TAKE = `
local known = redis.call('hmget', KEYS[1], 'left', 'reset')
if not known[1] then return 0 end
local resetAt = tonumber(known[2])
if resetAt <= tonumber(ARGV[1]) then return 0 end
if tonumber(known[1]) <= 0 then return resetAt end
redis.call('hset', KEYS[1], 'left', tonumber(known[1]) - 1)
return 0`;

/**
 * The longest quota window kept: the reports come from upstream answers, and a reset far off (an API
 * sending milliseconds where seconds were meant) would otherwise hold every later report out until then.
 */
const LONGEST_WINDOW_MS = 24 * 3600 * 1000;

/**
 * The quotas an API reported, shared by every worker: one Redis hash per (integration, account,
 * quota) holding the requests left and the reset, read and counted down by atomic scripts. This is
 * the API's own count passed around, not a limiter of ours: the limiters are RedisRateLimits and
 * RedisConcurrency.
 */
export class RedisQuotas implements SharedQuotas {
  constructor(
    private readonly client: Redis,
    private readonly prefix = 'toolsteps:quota',
  ) {}

  async report(key: SharedQuotaKey, report: QuotaReport): Promise<void> {
    // An upstream's numbers, checked before every worker counts with them: whole and bounded.
    const remaining = Math.min(Math.floor(report.remaining), Number.MAX_SAFE_INTEGER);
    const resetAt = Math.ceil(Math.min(report.resetAt, Date.now() + LONGEST_WINDOW_MS));
    if (!(remaining >= 0) || !Number.isFinite(resetAt)) return;
    await this.client.eval(REPORT, 1, this.#key(key), remaining, resetAt);
  }

  async take(key: SharedQuotaKey, now: number): Promise<number | undefined> {
    const resetAt = Number(await this.client.eval(TAKE, 1, this.#key(key), now));
    return resetAt > 0 ? resetAt : undefined;
  }

  #key({ integration, accountId, quota }: SharedQuotaKey): string {
    return `${this.prefix}:${integration}:${accountId}:${quota}`;
  }
}
