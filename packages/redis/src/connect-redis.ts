import type { Redis } from 'ioredis';

/**
 * Connects to the Redis at `url` (redis://…), or fails saying why: ioredis itself rejects with
 * "Connection is closed" and tells the cause in an error event. ioredis is loaded here, not with
 * the engine: a run that journals to SQLite never pays for it.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true });
  let cause: unknown;
  const remember = (error: unknown) => {
    cause = error;
  };
  client.on('error', remember);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    cause ??= error;
    // Not the URL: it may carry a password.
    throw new Error(`The run journal's Redis is unreachable: ${(cause as Error).message}`, { cause });
  } finally {
    client.off('error', remember);
  }
  return client;
}
