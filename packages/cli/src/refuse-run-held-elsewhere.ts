import { hostname } from 'node:os';
import type { JournaledRun } from '@toolsteps/engine';
import { UsageError } from './exit-codes.js';
import { loadRedis } from './load-redis.js';
import { printable } from './printable.js';

export interface HeldElsewhereOptions {
  /** The Redis of the workers' queue and journal. */
  redis: string;
  /** Their queue; default `toolsteps-runs`. */
  queue?: string;
  force?: boolean;
}

/**
 * Refuses, unless --force, to resume a run of the workers' journal that a worker may still run: its
 * job is locked by a worker, or waits for one (which will resume it), or the journal says a process
 * on another host runs it. The pid check of `runs resume` sees this host's processes only: any of
 * these would have the rest of the run happen twice. With --force its job leaves the queue instead.
 */
export async function refuseRunHeldElsewhere(
  run: JournaledRun,
  options: HeldElsewhereOptions,
): Promise<void> {
  const id = printable(run.id);
  const owner =
    run.ownerHost === undefined
      ? ''
      : ` (process ${run.ownerPid} on host ${printable(run.ownerHost)}, as the journal says)`;
  // BullMQ loads only for a resume from Redis.
  const { DEFAULT_QUEUE, queuedJobState, withdrawQueuedJob } = await loadRedis();
  const queue = options.queue ?? DEFAULT_QUEUE;
  const state = await queuedJobState(options.redis, run.id, queue);
  if (options.force) {
    // The operator says no worker runs it: none may take its job later and run the rest again.
    if (state !== 'none') await withdrawQueuedJob(options.redis, run.id, queue);
    return;
  }
  if (state === 'held')
    throw new UsageError(
      `Run ${id} is held by a live worker: its job in queue ${printable(queue)} is locked, and that worker renews the lock${owner}. ` +
        'Resuming it here too would run the rest of it twice: let it finish, or stop that worker (`toolsteps runs cancel` stops the run); ' +
        '--force only if you know that worker is gone',
    );
  if (state === 'pending')
    throw new UsageError(
      `Run ${id} waits in queue ${printable(queue)} for a worker, which will resume it: resuming it here too would run the rest of it twice. ` +
        'Let a worker take it (`toolsteps worker`), or --force if no worker will',
    );
  if (run.status === 'running' && run.ownerHost !== undefined && run.ownerHost !== hostname())
    throw new UsageError(
      `Run ${id} is running in process ${run.ownerPid} on host ${printable(run.ownerHost)}: this machine cannot tell whether it still lives, ` +
        'and resuming it here too would run the rest of it twice. Stop it there (or `toolsteps runs cancel`), or --force if that process is gone',
    );
}
