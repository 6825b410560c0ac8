/**
 * The signal of one send: aborts with the caller's signal, or after `timeoutMs`. One controller and
 * one timer, both released by `dispose()` as soon as the send ends, where `AbortSignal.any` over
 * `AbortSignal.timeout` would keep two more signals and a timer alive until the timeout passes.
 * It is its own controller and its own listener (`handleEvent`): nothing else is allocated per send.
 */
export class AttemptSignal extends AbortController {
  readonly #timer: NodeJS.Timeout;
  #timedOut = false;

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

  /** True once the timeout, not the caller, aborted the send. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /**
   * Settles with `work`, or rejects with the abort reason as soon as this signal aborts: the bound
   * holds even when nothing keeps fetch's own (derived) signal alive. A late value goes to `late`,
   * e.g. to cancel the body of an answer that came too late and release its connection.
   */
  bound<T>(work: Promise<T>, late?: (value: T) => void): Promise<T> {
    const { signal } = this;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          if (signal.aborted) late?.(value);
          else resolve(value);
        },
        (error) => {
          signal.removeEventListener('abort', onAbort);
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
