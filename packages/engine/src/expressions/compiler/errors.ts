/**
 * The errors a compiled program throws are shaped as the interpreter's: plain objects with a `code`,
 * the `position` and `token` they arose at, the `value` at fault, and (once they leave the program) a
 * `message` from JSONata's catalogue.
 */
export interface JsonataError {
  code: string;
  position?: number;
  token?: unknown;
  value?: unknown;
  message?: string;
  [field: string]: unknown;
}

export function jsonataError(code: string, fields: Omit<JsonataError, 'code'> = {}): JsonataError {
  return { code, ...fields };
}

/** A part of the tree the compiler does not handle: the expression is left to the interpreter. */
export class NotCompilable extends Error {
  override readonly name = 'NotCompilable';
}

/**
 * A function from outside the expression (a binding, or a lambda of another evaluator) returned a
 * promise or needs the interpreter: a compiled program is synchronous, so its caller runs the
 * expression on the interpreter instead (programs are pure, so nothing was done twice).
 */
export class NotSynchronousError extends Error {
  override readonly name = 'NotSynchronousError';
}
