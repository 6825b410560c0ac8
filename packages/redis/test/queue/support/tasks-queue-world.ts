import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { createTasksEmulator, type TasksEmulator } from '../../../../../examples/tasks/src/testing/index.js';
import { useSharedRedis } from './shared-redis.js';

/**
 * What queued runs of the tasks example need, for one test file: the Redis every worker shares, the
 * tasks emulator and a temporary folder for journals (named `prefix…`), started before its tests and
 * removed after.
 */
export function useTasksQueueWorld(prefix: string) {
  const shared = useSharedRedis();
  let emulator: TasksEmulator | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    emulator = await createTasksEmulator();
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await emulator?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  const started = () => {
    if (emulator === undefined || dir === undefined)
      throw new Error('The tasks queue world is not started yet');
    return { emulator, dir };
  };
  return {
    get redis() {
      return shared.redis;
    },
    get emulator() {
      return started().emulator;
    },
    get dir() {
      return started().dir;
    },
  };
}
