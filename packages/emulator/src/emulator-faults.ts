/**
 * What to do to the next requests that match. At least one of `status`, `drop` or `delayMs`;
 * `delayMs` alone slows the real answer down, with `status` or `drop` it comes first.
 */
export interface FaultSpec {
  /** Matches any method when left out. */
  method?: string;
  /** A path (no query string); `*` matches any run of characters, `/` included. Any path when left out. */
  path?: string | RegExp;
  /** How many matching requests the fault handles; default 1, `Infinity` for all of them. */
  times?: number;
  /** Answer with this status instead of the route. */
  status?: number;
  /** The answer's body: a string as is, anything else as JSON. */
  body?: unknown;
  /** The answer's headers, e.g. `{ 'retry-after': '1' }`. */
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Destroy the connection without answering. */
  drop?: boolean;
  /**
   * Let the request be processed first (the write happens), then delay, drop or replace its answer:
   * the case of a write whose answer is lost, which only a probe or an operator can settle.
   */
  afterProcessing?: boolean;
}

/** A fault that was injected: how often it has fired and how many requests it still handles. */
export interface InjectedFault {
  readonly spec: Readonly<FaultSpec>;
  readonly hits: number;
  readonly remaining: number;
  /** Stops it from handling further requests. */
  cancel(): void;
}

class ActiveFault implements InjectedFault {
  hits = 0;
  remaining: number;
  readonly #matchPath: (path: string) => boolean;

  constructor(readonly spec: Readonly<FaultSpec>) {
    this.remaining = spec.times ?? 1;
    this.#matchPath = pathMatcher(spec.path);
  }

  matches(method: string, path: string): boolean {
    if (this.remaining <= 0) return false;
    if (this.spec.method !== undefined && this.spec.method.toUpperCase() !== method.toUpperCase())
      return false;
    return this.#matchPath(path);
  }

  cancel(): void {
    this.remaining = 0;
  }
}

/** The faults waiting for requests, consumed in the order they were injected. */
export class EmulatorFaults {
  #faults: ActiveFault[] = [];

  /** Makes the next `times` requests matching `method` and `path` fail as described. */
  inject(spec: FaultSpec): InjectedFault {
    validate(spec);
    const fault = new ActiveFault({ ...spec });
    this.#faults.push(fault);
    return fault;
  }

  /** Removes every fault, fired or not. */
  clear(): void {
    for (const fault of this.#faults) fault.cancel();
    this.#faults = [];
  }

  /** How many faults still wait for a request. */
  get pending(): number {
    return this.#faults.filter((fault) => fault.remaining > 0).length;
  }

  /** Takes one use of the first fault matching the request, if any. */
  take(method: string, path: string): Readonly<FaultSpec> | undefined {
    const fault = this.#faults.find((candidate) => candidate.matches(method, path));
    if (fault === undefined) return undefined;
    fault.remaining -= 1;
    fault.hits += 1;
    this.#faults = this.#faults.filter((candidate) => candidate.remaining > 0);
    return fault.spec;
  }
}

function validate(spec: FaultSpec): void {
  if (spec.status === undefined && !spec.drop && spec.delayMs === undefined) {
    throw new TypeError('A fault needs `status`, `drop` or `delayMs`: what should happen to the request?');
  }
  if (spec.status !== undefined && spec.drop) {
    throw new TypeError('A fault cannot both answer with a status and drop the connection: choose one');
  }
  if (
    spec.status !== undefined &&
    !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)
  ) {
    throw new TypeError(`A fault's status must be an HTTP status between 100 and 599, got ${spec.status}`);
  }
  const times = spec.times ?? 1;
  if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times >= 1))) {
    throw new TypeError(
      `A fault's times must be a whole number of at least 1 or Infinity, got ${spec.times}`,
    );
  }
  if (spec.delayMs !== undefined && !(Number.isFinite(spec.delayMs) && spec.delayMs >= 0)) {
    throw new TypeError(`A fault's delayMs must be a number of milliseconds, got ${spec.delayMs}`);
  }
}

function pathMatcher(pattern: string | RegExp | undefined): (path: string) => boolean {
  if (pattern === undefined) return () => true;
  if (pattern instanceof RegExp) return (path) => pattern.test(path);
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}
