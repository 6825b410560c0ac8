import { randomBytes } from 'node:crypto';

/** The queue key of a test file's RunQueues and RunWorkers: random each time, as a deployment's is. */
export const QUEUE_KEY = randomBytes(32).toString('base64');

/** The environment a `toolsteps` child that queues or runs queued runs is given the key in. */
export const QUEUE_KEY_ENV = { TOOLSTEPS_QUEUE_KEY: QUEUE_KEY };
