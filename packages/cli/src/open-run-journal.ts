import type { RunJournal } from '@toolsteps/engine';
import { loadRedis } from './load-redis.js';
import { openJournal } from './open-journal.js';

/**
 * The journal of queued runs: on the queue's Redis by default, so workers on any machine share it;
 * an SQLite file (`--journal`) when every worker runs on one machine.
 */
export async function openRunJournal(options: { redis: string; journal?: string }): Promise<RunJournal> {
  if (options.journal !== undefined) return openJournal(options.journal, { create: true });
  const { RedisJournal } = await loadRedis();
  return RedisJournal.connect(options.redis);
}
