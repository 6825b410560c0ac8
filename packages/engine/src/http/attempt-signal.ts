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

  dispose(): void {
    clearTimeout(this.#timer);
    this.parent.removeEventListener('abort', this);
  }
}
