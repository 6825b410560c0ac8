import type { RateLimitSpec, RunResult } from '@toolsteps/engine';
import { mostWithinAnyInterval } from '@toolsteps/engine/testing';
import type { RunQueue } from '@toolsteps/redis';
import type { RemoteEmulator } from './bench-emulator.js';
import { resultWithin } from './queue-results.js';

/** The limits of the `bench-limited` account every worker shares; well under what 2 workers would do alone. */
export const SHARED_LIMITS = { concurrency: 4, intervalCap: 200, intervalMs: 1000 } satisfies RateLimitSpec;

/** One GET of the limited account per run: the emulator's log then shows what the account sent. */
export const GET_LIMITED = {
  id: 'get-limited',
  steps: [{ id: 'get', step: 'bench.get', account: 'bench-limited', args: { id: '{% $run.id %}' } }],
  output: '{% $steps.get.result.id %}',
};

export interface LimitedLoadReport {
  /** The runs enqueued, so a journal shared with other loads can tell them apart. */
  runIds: string[];
  /** Runs whose result came back succeeded with their own id. */
  succeeded: number;
  /** The most requests the emulator saw arrive within any window of `intervalMs`. */
  mostPerInterval: number;
  /** The most requests the emulator held at once. */
  peakInFlight: number;
  /** Requests the emulator received (one per run when none is repeated). */
  requests: number;
  wallMs: number;
}

/**
 * Enqueues `runs` runs of GET_LIMITED at once and awaits them, then reads the account's traffic
 * back from the emulator's own request log: arrival times and the in-flight peak, as the API saw them.
 */
export async function runLimitedLoad(
  queue: RunQueue,
  workflow: Parameters<RunQueue['enqueue']>[0],
  emulator: RemoteEmulator,
  runs: number,
  resultWaitMs: number,
): Promise<LimitedLoadReport> {
  await emulator.reset();
  const start = performance.now();
  const ids = (await Promise.all(Array.from({ length: runs }, () => queue.enqueue(workflow, {})))).map(
    ({ runId }) => runId,
  );
  const results = await Promise.all(
    ids.map((runId) =>
      resultWithin(queue, runId, resultWaitMs).catch((): RunResult | undefined => undefined),
    ),
  );
  const wallMs = performance.now() - start;
  const arrivals = await emulator.arrivals();
  return {
    runIds: ids,
    succeeded: results.filter(
      (result, index) => result?.status === 'succeeded' && result.output === ids[index],
    ).length,
    mostPerInterval: mostWithinAnyInterval(arrivals, SHARED_LIMITS.intervalMs),
    peakInFlight: await emulator.peakInFlight(),
    requests: arrivals.length,
    wallMs,
  };
}
