/**
 * The signal of one send: aborts with the caller's signal, or after `timeoutMs`. One controller and
 * one timer, both released by `dispose()` as soon as the send ends, where `AbortSignal.any` over
 * `AbortSignal.timeout` would keep two more signals and a timer alive until the timeout passes.
 * It is its own controller and its own listener (`handleEvent`): nothing else is allocated per send.
 */
export class AttemptSignal extends AbortController {
  readonly #timer: NodeJS.Timeout;
  #timedOut = false;
  /** Told once when this aborts; set by `bound` and `whenAborted`, one at a time. */
  #onAbort: ((reason: unknown) => void) | undefined;

  constructor(
    private readonly parent: AbortSignal,
    timeoutMs: number,
  ) {
    super();
    if (parent.aborted) this.abort(parent.reason);
    else parent.addEventListener('abort', this, { once: true });
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, timeoutMs);
    // Like AbortSignal.timeout: a pending attempt timer alone does not keep the process alive.
    this.#timer.unref();
  }

  /** The caller's signal aborted: so does the send. */
  handleEvent(): void {
    this.abort(this.parent.reason);
  }

  override abort(reason?: unknown): void {
    super.abort(reason);
    const onAbort = this.#onAbort;
    this.#onAbort = undefined;
    onAbort?.(this.signal.reason);
  }

  /** True once the timeout, not the caller, aborted the send. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /**
   * Calls `onAbort` if this aborts before `release` is called: one slot instead of a listener on
   * the signal, whose add and remove cost more than the rest of a send's bookkeeping (Node 20).
   */
  whenAborted(onAbort: (reason: unknown) => void): () => void {
    this.#onAbort = onAbort;
    return () => {
      if (this.#onAbort === onAbort) this.#onAbort = undefined;
    };
  }

  /**
   * Settles with `work`, or rejects with the abort reason as soon as this signal aborts: the bound
   * holds even when nothing keeps fetch's own (derived) signal alive. A late value goes to `late`,
   * e.g. to cancel the body of an answer that came too late and release its connection.
   */
  bound<T>(work: Promise<T>, late?: (value: T) => void): Promise<T> {
    const { signal } = this;
    return new Promise<T>((resolve, reject) => {
      const release = signal.aborted ? undefined : this.whenAborted(reject);
      if (signal.aborted) reject(signal.reason);
      work.then(
        (value) => {
          release?.();
          if (signal.aborted) late?.(value);
          else resolve(value);
        },
        (error) => {
          release?.();
          reject(error);
        },
      );
    });
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.parent.removeEventListener('abort', this);
  }
}
