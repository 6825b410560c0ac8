/**
 * The signal of one send: aborts with the caller's signal, or after `timeoutMs`. One controller and
 * one timer, both released by `dispose()` as soon as the send ends, where `AbortSignal.any` over
 * `AbortSignal.timeout` would keep two more signals and a timer alive until the timeout passes.
 */
export class AttemptSignal {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  readonly #onParentAbort = () => this.#controller.abort(this.parent.reason);
  #timedOut = false;

  constructor(
    private readonly parent: AbortSignal,
    timeoutMs: number,
  ) {
    if (parent.aborted) this.#controller.abort(parent.reason);
    else parent.addEventListener('abort', this.#onParentAbort, { once: true });
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, timeoutMs);
    // Like AbortSignal.timeout: a pending attempt timer alone does not keep the process alive.
    this.#timer.unref();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True once the timeout, not the caller, aborted the send. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.parent.removeEventListener('abort', this.#onParentAbort);
  }
}
