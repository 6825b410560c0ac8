import { setMaxListeners } from 'node:events';
import { StepError } from '../contracts/step-error.js';

/**
 * A signal that aborts when its parent does or when a timeout passes. The abort reason is always a
 * StepError (`cancelled` or `timeout`), so whoever sees the abort reports it as it is.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer?: NodeJS.Timeout;
  private readonly onParentAbort = () => this.controller.abort(cancellation(this.parent?.reason));

  /** Without a parent (a run nobody can cancel) only the timeout and `abort()` end it. */
  constructor(
    private readonly parent: AbortSignal | undefined,
    timeoutMs: number | undefined,
    what: string,
  ) {
    // Every iteration of a forEach (up to 256 at once) listens to its loop's signal: no cap of 10.
    setMaxListeners(0, this.controller.signal);
    if (parent?.aborted) this.onParentAbort();
    else parent?.addEventListener('abort', this.onParentAbort, { once: true });
    if (timeoutMs !== undefined && !this.signal.aborted) {
      // The error is built only if the time runs out: most deadlines are disposed long before.
      const onTimeout = () =>
        this.controller.abort(
          new StepError({ code: 'timeout', message: `${what} did not finish within ${formatMs(timeoutMs)}` }),
        );
      this.timer = setTimeout(onTimeout, timeoutMs);
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Aborts now, e.g. to stop sibling work after a failure. */
  abort(reason: StepError): void {
    this.controller.abort(reason);
  }

  /** Stops the timer and the parent listener once the guarded work is over. */
  dispose(): void {
    clearTimeout(this.timer);
    this.parent?.removeEventListener('abort', this.onParentAbort);
  }
}

export function cancellation(reason: unknown): StepError {
  if (reason instanceof StepError) return reason;
  return new StepError({ code: 'cancelled', message: 'The run was cancelled' });
}

/**
 * Settles with `work`, or rejects with the abort reason as soon as `signal` aborts, so a step that
 * ignores its signal cannot hold a run past its timeout or cancellation.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(cancellation(signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      reject(cancellation(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
