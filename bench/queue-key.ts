import { randomBytes } from 'node:crypto';

/**
 * The queue key of a bench's RunQueues and of the worker processes it forks: made once, kept in the
 * environment those processes inherit (as `toolsteps worker` reads it), never on a command line.
 */
export function benchQueueKey(): string {
  process.env.TOOLSTEPS_QUEUE_KEY ??= randomBytes(32).toString('base64');
  return process.env.TOOLSTEPS_QUEUE_KEY;
}
