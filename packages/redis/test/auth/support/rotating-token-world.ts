import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { Redis } from 'ioredis';
import {
  type RotatingTokenApi,
  startRotatingTokenApi,
} from '../../../../engine/test/auth/support/rotating-token-api.js';
import { type RedisServer, startRedisServer } from '../../../src/testing/index.js';

/**
 * The rotating-token API (see `startRotatingTokenApi`) and the Redis its workers share, for one test
 * file: started before its tests, back to `refresh_original` and an empty Redis before each, stopped
 * after. `client` is the test's own connection to that Redis.
 */
export function useRotatingTokenWorld(holdMs: number) {
  let redis: RedisServer | undefined;
  let client: Redis | undefined;
  let api: RotatingTokenApi | undefined;
  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.port, '127.0.0.1');
    api = await startRotatingTokenApi(holdMs);
  });
  beforeEach(async () => {
    started().api.reset();
    await started().client.flushall();
  });
  afterAll(async () => {
    client?.disconnect();
    await api?.emulator.close();
    await redis?.stop();
  });
  const started = () => {
    if (redis === undefined || client === undefined || api === undefined)
      throw new Error('The rotating-token world is not started yet');
    return { redis, client, api };
  };
  return {
    get api() {
      return started().api;
    },
    get redis() {
      return started().redis;
    },
    get client() {
      return started().client;
    },
  };
}
