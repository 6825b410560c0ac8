import { untilAborted } from './until-aborted.js';

interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiting: number;
}

/**
 * One run of some work at a time, shared by every caller that asks while it runs. Each caller may
 * give up with its own signal; once all of them have, the work itself is aborted (a token request
 * stops, its connection closes), and the next caller starts afresh.
 */
export class SingleFlight<T> {
  #flight: Flight<T> | undefined;

  run(work: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const flight = this.#flight ?? this.#start(work);
    flight.waiting += 1;
    return untilAborted(flight.promise, signal, () => {
      flight.waiting -= 1;
      if (flight.waiting > 0) return;
      this.#end(flight);
      flight.controller.abort(signal.reason);
    });
  }

  #start(work: (signal: AbortSignal) => Promise<T>): Flight<T> {
    const controller = new AbortController();
    const flight: Flight<T> = { controller, waiting: 0, promise: Promise.resolve() as Promise<T> };
    flight.promise = Promise.resolve()
      .then(() => work(controller.signal))
      .finally(() => this.#end(flight));
    this.#flight = flight;
    return flight;
  }

  #end(flight: Flight<T>): void {
    if (this.#flight === flight) this.#flight = undefined;
  }
}
