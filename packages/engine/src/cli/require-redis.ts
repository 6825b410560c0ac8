import { UsageError } from './exit-codes.js';
import { printable } from './printable.js';

/** `--redis`, checked before anything connects: a URL of the redis:// or rediss:// kind. */
export function requireRedis(redis: string | undefined, command: string): string {
  if (redis === undefined)
    throw new UsageError(`${command} needs --redis redis://host:port: the Redis its queue lives in`);
  let url: URL;
  try {
    url = new URL(redis);
  } catch {
    throw new UsageError(`--redis: "${printable(redis)}" is not a URL such as redis://127.0.0.1:6379`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new UsageError(`--redis: a Redis URL starts with redis:// or rediss://`);
  return redis;
}
