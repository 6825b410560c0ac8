import type { ExpressionLimits } from '../expression-limits.js';
import { jsonataError } from './errors.js';

/** Loop turns and calls between two readings of the clock: `Date.now()` costs more than a turn. */
const TICKS_PER_CLOCK_READING = 256;

/** The code JSONata's `stack` option throws past the depth (its own runner's U1001 is not the library's). */
const DEPTH_ERROR = 'D1011';
const TIMEOUT_ERROR = 'D1012';

/** What JSONata's built-ins read from `this` (`this.options.sequence`, `this.createSequence()`). */
export interface NativeOptions {
  sequence: number;
}

/** The name and position JSONata writes on a function object at each call: its errors carry them. */
export interface CallSite {
  token?: unknown;
  position?: number;
}

/**
 * What every evaluation of a program shares, made once at compile time: the limits, and what
 * built-ins read from `this` besides the evaluation (`options.sequence`, `createSequence`).
 */
export class Runtime {
  readonly options: NativeOptions;
  readonly createSequence: (...items: unknown[]) => unknown[];

  constructor(readonly limits: Required<ExpressionLimits>) {
    this.options = Object.freeze({ sequence: limits.maxArrayLength });
    this.createSequence = sequenceMaker(limits.maxArrayLength);
  }
}

/**
 * The state of one evaluation of a compiled program (JSONata's `environment.base`): its clock, its
 * depth, its timestamp. Built-ins reach it as `this.environment.base`, as they do in the interpreter.
 */
export class Evaluation {
  /**
   * The interpreter's depth at which the code now running was entered: a node `d` levels below the
   * top of its lambda's body is at `depth + d`, checked against the limit on entry.
   */
  depth = 0;
  private ticks = 0;
  private callSites: Map<object, CallSite> | undefined;
  private readonly started = Date.now();
  private moment: Date | undefined;
  private focusEnvironment: Evaluation['environment'] | undefined;
  readonly limits: Required<ExpressionLimits>;
  readonly options: NativeOptions;
  readonly createSequence: (...items: unknown[]) => unknown[];

  constructor(runtime: Runtime) {
    this.limits = runtime.limits;
    this.options = runtime.options;
    this.createSequence = runtime.createSequence;
  }

  /** When the evaluation started: what $now() and $millis() give, the same at every call. */
  get timestamp(): Date {
    this.moment ??= new Date(this.started);
    return this.moment;
  }

  /** What built-ins see as `this.environment`: its `base` and `timestamp` are read ($toMillis, bounded ones). */
  get environment(): { base: Evaluation; timestamp: Date; lookup(name: string): unknown } {
    this.focusEnvironment ??= { base: this, timestamp: this.timestamp, lookup: () => undefined };
    return this.focusEnvironment;
  }

  /**
   * Where `proc` was last called from. JSONata writes it on the function object itself (shared by
   * every evaluation, for built-ins): here it is kept per evaluation instead.
   */
  callSite(proc: object): CallSite {
    this.callSites ??= new Map();
    let site = this.callSites.get(proc);
    if (site === undefined) {
      site = {};
      this.callSites.set(proc, site);
    }
    return site;
  }

  /** The latest call site of `proc`, if it was ever called by name. */
  lastCallSite(proc: object): CallSite | undefined {
    return this.callSites?.get(proc);
  }

  /** At each loop turn and call: the clock is read every so many, so a runaway stops in time. */
  tick(): void {
    if (++this.ticks >= TICKS_PER_CLOCK_READING) {
      this.ticks = 0;
      this.checkTime();
    }
  }

  /** Built-ins call this inside their own loops (each regex match, pairs compared): the clock now. */
  guardrails(): void {
    this.checkTime();
  }

  private checkTime(): void {
    const timeout = this.limits.timeoutMs;
    if (timeout > 0 && Date.now() - this.started > timeout) {
      throw jsonataError(TIMEOUT_ERROR, { value: timeout });
    }
  }
}

/**
 * JSONata's `createSequence`, for built-ins: a sequence whose `push` refuses to grow it past the
 * array limit (D2015, as the interpreter's `sequence` option does).
 */
function sequenceMaker(most: number) {
  return (...items: unknown[]): unknown[] => {
    const sequence = [] as unknown[] & { sequence?: boolean };
    sequence.push = (...pushed: unknown[]) => {
      if (sequence.length + pushed.length > most) throw jsonataError('D2015', { value: most });
      return Array.prototype.push.apply(sequence, pushed);
    };
    sequence.sequence = true;
    if (items.length === 1) sequence.push(items[0]);
    return sequence;
  };
}

export function depthError(limit: number) {
  return jsonataError(DEPTH_ERROR, { value: limit });
}
