import { UsageError } from './exit-codes.js';

type RedisPackage = typeof import('@toolsteps/redis');

/**
 * @toolsteps/redis (BullMQ, ioredis), loaded only by a command given Redis: it is an optional peer of
 * the CLI, so a CLI installed without it starts quickly and runs everything else.
 */
export async function loadRedis(): Promise<RedisPackage> {
  try {
    return await import('@toolsteps/redis');
  } catch (error) {
    if (isMissing(error, '@toolsteps/redis'))
      throw new UsageError(
        'Redis needs the @toolsteps/redis package, which is not installed: install it beside the CLI (`npm install @toolsteps/redis`)',
      );
    throw error;
  }
}

function isMissing(error: unknown, name: string): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ERR_MODULE_NOT_FOUND' && typeof message === 'string' && message.includes(`'${name}'`);
}
