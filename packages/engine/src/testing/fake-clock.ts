import { StepError } from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';

/**
 * Time that moves only when slept on: sleeps are recorded and end at once, so retry waits are
 * asserted by value instead of measured. Pass it to `testStep(..., { clock })`, and its `now` to an
 * emulator that keeps time (rate-limit resets), to test waits without waiting.
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  /** Runs at the start of each sleep, e.g. to abort the run mid-retry. */
  onSleep?: (ms: number) => void;

  constructor(private time = Date.parse('2030-01-01T00:00:00Z')) {}

  /** Bound, so `now: clock.now` can be handed to an emulator. */
  readonly now = (): number => this.time;

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    this.onSleep?.(ms);
    if (signal?.aborted) throw new StepError({ code: 'cancelled', message: 'The run was cancelled' });
    this.time += ms;
    await Promise.resolve();
  }
}
