import { setMaxListeners } from 'node:events';
import { StepError } from '@toolsteps/sdk';
import { cutBeforeToken } from '@toolsteps/sdk/schema';

/**
 * Above any real fan-out (forEach concurrency is at most 256, each with its requests), and finite:
 * undici reads the cap of a signal handed to fetch and an unlimited (0) cap costs it a thrown error.
 */
const LISTENER_CAP = 10_000;

/**
 * The signal of a run that nobody can cancel and no timeout bounds. It never aborts, so every such
 * run shares it and a Deadline under it need not listen to it.
 */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;
setMaxListeners(LISTENER_CAP, NEVER_ABORTED);

/** The signal to listen to: none for NEVER_ABORTED, so listeners never pile up on the shared signal. */
export function listenable(signal: AbortSignal | undefined): AbortSignal | undefined {
  return signal === NEVER_ABORTED ? undefined : signal;
}

/**
 * A signal that aborts when its parent does or when a timeout passes. The abort reason is always a
 * StepError (`cancelled` or `timeout`), so whoever sees the abort reports it as it is. It is its own
 * controller and its own parent listener (`handleEvent`): one object per step, nothing more.
 */
export class Deadline extends AbortController {
  private readonly timer?: NodeJS.Timeout;
  private readonly parent: AbortSignal | undefined;
  /** Told once when this aborts; set by `race`. One slot: adding and removing a listener costs more. */
  #onAbort: ((reason: StepError) => void) | undefined;

  /** Without a parent (or under NEVER_ABORTED) only the timeout and `abort()` end it. */
  constructor(parent: AbortSignal | undefined, timeoutMs: number | undefined, what: string) {
    super();
    this.parent = listenable(parent);
    // Every iteration of a forEach (up to 256 at once) listens to its loop's signal: no cap of 10.
    setMaxListeners(LISTENER_CAP, this.signal);
    if (this.parent?.aborted) this.handleEvent();
    else this.parent?.addEventListener('abort', this, { once: true });
    if (timeoutMs !== undefined && !this.signal.aborted) {
      // The error is built only if the time runs out: most deadlines are disposed long before.
      this.timer = setTimeout(
        () =>
          this.abort(
            new StepError({
              code: 'timeout',
              message: `${what} did not finish within ${formatMs(timeoutMs)}`,
            }),
          ),
        timeoutMs,
      );
    }
  }

  /** The parent aborted: so does everything under this deadline. */
  handleEvent(): void {
    this.abort(cancellation(this.parent?.reason));
  }

  /** Aborts now, e.g. to stop sibling work after a failure. */
  override abort(reason: StepError): void {
    super.abort(reason);
    const onAbort = this.#onAbort;
    this.#onAbort = undefined;
    onAbort?.(reason);
  }

  /**
   * Settles with `work`, or rejects with the abort reason as soon as this deadline aborts, so a step
   * that ignores its signal cannot hold a run past its timeout or cancellation. One race at a time.
   */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.signal.aborted) {
      work.catch(() => {});
      return Promise.reject(cancellation(this.signal.reason));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = (reason: StepError) => {
        work.catch(() => {});
        reject(reason);
      };
      this.#onAbort = onAbort;
      const release = () => {
        if (this.#onAbort === onAbort) this.#onAbort = undefined;
      };
      work.then(
        (value) => {
          release();
          resolve(value);
        },
        (error) => {
          release();
          reject(error);
        },
      );
    });
  }

  /** Stops the timer and the parent listener once the guarded work is over. */
  dispose(): void {
    clearTimeout(this.timer);
    this.parent?.removeEventListener('abort', this);
  }
}

/**
 * The StepError a run's abort stands for: the reason itself when it is one (a timeout), else
 * `cancelled`, keeping what the caller said (`controller.abort(reason)`) in the message and
 * `details.reason`, so the run's result tells why it stopped.
 */
export function cancellation(reason: unknown): StepError {
  if (reason instanceof StepError) return reason;
  const said = abortReason(reason);
  if (!said) return new StepError({ code: 'cancelled', message: 'The run was cancelled' });
  return new StepError({
    code: 'cancelled',
    message: `The run was cancelled: ${said}`,
    details: { reason: said },
    cause: reason,
  });
}

/** What the caller gave `abort()`, as text; nothing when it gave nothing (the default AbortError). */
function abortReason(reason: unknown): string | undefined {
  if (reason === undefined) return undefined;
  if (typeof reason !== 'object' || reason === null) return cutBeforeToken(String(reason), 200);
  // Duck-typed: an Error (or the DOMException of a bare `abort()`) may come from another realm.
  const { name, message } = reason as { name?: unknown; message?: unknown };
  if (name === 'AbortError') return undefined;
  if (typeof message === 'string') return cutBeforeToken(message, 200);
  try {
    return cutBeforeToken(JSON.stringify(reason), 200);
  } catch {
    return cutBeforeToken(String(reason), 200);
  }
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
