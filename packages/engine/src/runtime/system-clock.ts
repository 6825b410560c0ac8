import type { Clock } from '../ports/clock.js';
import { cancellation } from './cancellation.js';

/** Node's timers only take delays up to about 24.8 days; longer sleeps wait in turns. */
const LONGEST_TIMER = 2 ** 31 - 1;

/** Real time. Sleeps end early, rejecting with a `cancelled` StepError, when their signal aborts. */
export class SystemClock implements Clock {
  static readonly dependencies = [] as const;

  now(): number {
    return Date.now();
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (Number.isNaN(ms)) throw new RangeError('sleep() needs a number of milliseconds, got NaN');
    let left = Math.max(0, ms);
    do {
      const turn = Math.min(left, LONGEST_TIMER);
      await wait(turn, signal);
      left -= turn;
    } while (left > 0);
  }
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancellation(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancellation(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
