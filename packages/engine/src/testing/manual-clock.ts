import { StepError } from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';

interface Sleeper {
  until: number;
  resolve: () => void;
}

/**
 * Time that moves only when the test says: a sleep ends once `advance` takes the clock past its end,
 * and not before. For what runs on an interval (a trigger host's reconcile, retention and spool
 * turns), where `FakeClock`'s sleeps, ending at once, would turn the interval into a busy loop. Every
 * wait on the engine's clock waits for `advance`, an HTTP retry's included.
 */
export class ManualClock implements Clock {
  private sleepers: Sleeper[] = [];
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  constructor(private time = Date.parse('2030-01-01T00:00:00Z')) {}

  /** Bound, so `now: clock.now` can be handed to an emulator. */
  readonly now = (): number => this.time;

  /** How many sleeps are waiting for `advance`. */
  get sleeping(): number {
    return this.sleepers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const cancelled = () => new StepError({ code: 'cancelled', message: 'The wait was cancelled' });
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = {
        until: this.time + Math.max(0, ms),
        resolve: () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        },
      };
      const abort = () => {
        this.sleepers = this.sleepers.filter((item) => item !== sleeper);
        reject(cancelled());
      };
      signal?.addEventListener('abort', abort, { once: true });
      this.sleepers.push(sleeper);
      this.waiters = this.waiters.filter((waiter) => {
        if (this.sleepers.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
    });
  }

  /** Resolves once at least `count` sleeps wait: what runs on an interval has reached its next wait. */
  untilSleeping(count = 1): Promise<void> {
    if (this.sleepers.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Moves time on by `ms`, ending (oldest end first) every sleep that is then over. */
  advance(ms: number): void {
    this.time += ms;
    const over = this.sleepers.filter((sleeper) => sleeper.until <= this.time);
    this.sleepers = this.sleepers.filter((sleeper) => sleeper.until > this.time);
    for (const sleeper of over.sort((a, b) => a.until - b.until)) sleeper.resolve();
  }
}
