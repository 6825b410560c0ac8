import { afterAll, beforeAll } from '@jest/globals';
import { Redis } from 'ioredis';
import { type RedisServer, startRedisServer } from '../../../src/testing/index.js';

/**
 * The Redis every worker shares, for one test file: started before its tests and stopped after,
 * once every connection `connection()` opened is ended.
 */
export function useSharedRedis() {
  let redis: RedisServer | undefined;
  const clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    // Not twice: a second disconnect leaves a timer behind.
    for (const client of clients) if (client.status !== 'end') client.disconnect();
    await redis?.stop();
  });
  const started = () => {
    if (redis === undefined) throw new Error('The shared Redis is not started yet');
    return redis;
  };
  return {
    get redis() {
      return started();
    },
    /** A worker's own connection to the Redis every worker shares. */
    connection(): Redis {
      const client = new Redis(started().port, '127.0.0.1');
      clients.push(client);
      return client;
    },
  };
}
