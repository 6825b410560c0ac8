/** Timers of delayed answers, kept so closing the emulator never waits for them. */
export class PendingDelays {
  readonly #pending = new Map<NodeJS.Timeout, () => void>();

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(timer);
        resolve();
      }, ms);
      this.#pending.set(timer, resolve);
    });
  }

  /** Ends every pending wait now. */
  releaseAll(): void {
    for (const [timer, resolve] of this.#pending) {
      clearTimeout(timer);
      resolve();
    }
    this.#pending.clear();
  }
}
