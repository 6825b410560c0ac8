import { cutBeforeToken } from './cut-before-token.js';

/** The codes every failure of a step, an expression or a run is reported with. */
export const ERROR_CODES = [
  'validation',
  'not_found',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'timeout',
  'unavailable',
  'upstream',
  'expression',
  'unsupported',
  'reconnect_required',
  /**
   * The step's integration has no account connected (for the user a call runs for): `details` name
   * the integration and the user, what a runtime needs to start connecting one.
   */
  'not_connected',
  'cancelled',
  /** A metered step was refused before sending: its worst case would exceed a credit budget. */
  'budget',
  /**
   * A resumed run met a write that may or may not have happened (it was in flight at a crash) and
   * is not safe to repeat: the run stops until an operator says (`toolsteps runs resolve`). Never caught.
   */
  'outcome_unknown',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Marks every StepError, whichever copy of the sdk made it: a step package may bring its own copy
 * (an npm install that did not dedupe), and its errors must still be StepErrors to the engine's.
 * `Symbol.for` gives both copies the same symbol.
 */
const STEP_ERROR = Symbol.for('@toolsteps/sdk/StepError');

/** Codes that a retry may cure, when no retry policy says otherwise. */
const RETRYABLE_BY_DEFAULT: ReadonlySet<ErrorCode> = new Set(['rate_limited', 'timeout', 'unavailable']);

export interface StepErrorInit {
  code: ErrorCode;
  message: string;
  /** The workflow step key (e.g. `tickets[2].ticket`) the failure belongs to. */
  step?: string;
  /** A JSON pointer to the field at fault: into args, an expression, or a response. */
  field?: string;
  retryable?: boolean;
  retryAfterMs?: number;
  /** The upstream HTTP status, when the failure came from a response. */
  status?: number;
  details?: Record<string, unknown>;
  cause?: unknown;
}

export interface StepErrorJson {
  code: ErrorCode;
  message: string;
  step?: string;
  field?: string;
  retryable: boolean;
  retryAfterMs?: number;
  status?: number;
  details?: Record<string, unknown>;
}

/**
 * A typed failure: the code decides retries and `catch` handlers, the rest tells a user what to fix.
 * Like Temporal's ApplicationFailure, it is the only error shape that crosses a step boundary.
 */
export class StepError extends Error {
  override readonly name = 'StepError';
  readonly code: ErrorCode;
  readonly step?: string;
  readonly field?: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly status?: number;
  readonly details?: Record<string, unknown>;

  constructor(init: StepErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.step = init.step;
    this.field = init.field;
    this.retryable = init.retryable ?? RETRYABLE_BY_DEFAULT.has(init.code);
    this.retryAfterMs = init.retryAfterMs;
    this.status = init.status;
    this.details = init.details;
  }

  /** A copy that also names the step (and field) it happened in, keeping everything else. */
  at(step: string, field?: string): StepError {
    if (this.step === step && (field === undefined || this.field === field)) return this;
    return new StepError({ ...this.toJSON(), step, field: field ?? this.field, cause: this.cause });
  }

  toJSON(): StepErrorJson {
    const json: StepErrorJson = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.step !== undefined) json.step = this.step;
    if (this.field !== undefined) json.field = this.field;
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    if (this.status !== undefined) json.status = this.status;
    if (this.details !== undefined) json.details = this.details;
    return json;
  }
}

Object.defineProperty(StepError.prototype, STEP_ERROR, { value: true });
// `error instanceof StepError` holds for a StepError of any copy of the sdk; a subclass keeps the
// plain prototype check (an InvalidDocumentError is a StepError, not every StepError one of those).
Object.defineProperty(StepError, Symbol.hasInstance, {
  value(this: Function, value: unknown): boolean {
    return this === StepError ? isStepError(value) : Function.prototype[Symbol.hasInstance].call(this, value);
  },
});

/** Whether a value is a StepError, made by this copy of the sdk or another. */
export function isStepError(value: unknown): value is StepError {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[STEP_ERROR] === true
  );
}

/** Turns anything a step may throw (an Error, a string, an object, undefined) into a StepError. */
export function toStepError(thrown: unknown, fallback: ErrorCode = 'upstream'): StepError {
  if (isStepError(thrown)) return thrown;
  if (thrown instanceof Error && thrown.name === 'AbortError') {
    return new StepError({ code: 'cancelled', message: 'The run was cancelled', cause: thrown });
  }
  if (thrown instanceof Error)
    return new StepError({ code: fallback, message: thrown.message, cause: thrown });
  return new StepError({ code: fallback, message: `The step threw a non-Error value: ${describe(thrown)}` });
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
    return cutBeforeToken(text, 200);
  } catch {
    return String(value);
  }
}
