import { StepError } from '@toolsteps/sdk';
import type { Clock } from '../../ports/clock.js';

/** Something a host does at an interval, started and stopped with it. */
export interface Interval {
  /** Aborts the wait in progress and resolves once the turn in progress (if any) is over. */
  stop(): Promise<void>;
}

/**
 * Runs `turn` every `everyMs` on the engine's clock (after each wait, not at once), until stopped or
 * until `turn` answers `false`. A turn's failure is its own: the next one comes at the interval.
 */
export function onAnInterval(
  clock: Clock,
  everyMs: number,
  turn: (signal: AbortSignal) => Promise<boolean | undefined>,
): Interval {
  const controller = new AbortController();
  const { signal } = controller;
  const done = (async () => {
    while (!signal.aborted) {
      try {
        await clock.sleep(everyMs, signal);
      } catch {
        return;
      }
      if (signal.aborted) return;
      // Waits for the next turn of the event loop: a clock whose sleeps end at once cannot starve it.
      await new Promise((resolve) => setImmediate(resolve));
      if ((await turn(signal).catch(() => undefined)) === false) return;
    }
  })();
  return {
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}

/** A duration option in ms, checked: a negative or non-finite one would loop at once or never. */
export function durationOption(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0)
    throw new StepError({
      code: 'validation',
      message: `${name} must be a number of milliseconds from 0 (got ${String(value)})`,
    });
  return value;
}
