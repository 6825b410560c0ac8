import type { CompiledWorkflow, RunResult } from '@toolsteps/engine';
import type { RunQueue } from '@toolsteps/redis';

/**
 * RunQueue.result, rejecting after `ms` instead of waiting for good. BullMQ's QueueEvents says it is
 * ready before its first XREAD from `$` (taskforcesh/bullmq#2874): a run that finishes in between
 * never sends its result, and a bench waiting for it would hang.
 */
export function resultWithin(queue: RunQueue, runId: string, ms: number): Promise<RunResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The result of queued run ${runId} did not come back within ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([queue.result(runId), late]).finally(() => clearTimeout(timer));
}

/**
 * Gets a result of `workflow` back through `queue` before a bench measures it: only then is the
 * queue's event reader surely reading, and the startup race above out of the way.
 */
export async function primeResults(queue: RunQueue, workflow: CompiledWorkflow): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { runId } = await queue.enqueue(workflow, {});
    try {
      await resultWithin(queue, runId, 2_000);
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}
