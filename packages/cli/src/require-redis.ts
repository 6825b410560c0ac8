import { UsageError } from './exit-codes.js';

/** `--redis`, checked before anything connects: a URL of the redis:// or rediss:// kind. */
export function requireRedis(redis: string | undefined, command: string): string {
  if (redis === undefined)
    throw new UsageError(
      `${command} needs the Redis its queue lives in: --redis redis://host:port, or the URL in TOOLSTEPS_REDIS_URL or in a file (--redis-url-file <file>)`,
    );
  return checkRedisUrl(redis, '--redis');
}

/** A Redis URL from `source` (an option, a variable, a file), checked; the URL itself is never shown: it may hold a password. */
export function checkRedisUrl(redis: string, source: string): string {
  let url: URL;
  try {
    url = new URL(redis);
  } catch {
    throw new UsageError(
      `${source}: not a URL such as redis://127.0.0.1:6379${mistakenForUrl(redis, source)}`,
    );
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new UsageError(`${source}: a Redis URL starts with redis:// or rediss://`);
  return redis;
}

/**
 * `--redis` alone takes TOOLSTEPS_REDIS_URL, so an argument right after it (`runs show --redis <id>`)
 * is read as the URL: say where to put it instead.
 */
function mistakenForUrl(redis: string, source: string): string {
  if (source !== '--redis' || redis.includes('://')) return '';
  return ' (to take the URL from TOOLSTEPS_REDIS_URL, give --redis after the arguments, or last)';
}
