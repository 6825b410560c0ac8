import type { ConnectionOptions } from 'bullmq';

/** A Redis to reach: a `redis://` URL, or the connection options BullMQ takes. */
export type RedisConnection = string | ConnectionOptions;

/**
 * BullMQ's connection options for a URL. `maxRetriesPerRequest: null` is what BullMQ asks of the
 * connections its workers block on: a command waits for Redis to come back rather than failing.
 */
export function redisConnection(redis: RedisConnection): ConnectionOptions {
  if (typeof redis !== 'string') return redis;
  const url = new URL(redis);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Error(`A Redis URL starts with redis:// or rediss://, not ${url.protocol}//`);
  }
  return {
    host: url.hostname,
    port: url.port === '' ? 6379 : Number(url.port),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}
