import type { JsonataNode } from '../compiled-expression.js';
import type { ExpressionLimits } from '../expression-limits.js';
import { createNodeCompiler } from './compile-node.js';
import { populateMessage } from './error-messages.js';
import { NotCompilable } from './errors.js';
import { Evaluation, Runtime } from './evaluation.js';
import { Frame } from './frame.js';
import { libraryFor } from './library.js';
import { isSequence, sequenceOf } from './values.js';

export { NotSynchronousError } from './errors.js';

export interface CompileOptions {
  limits: Required<ExpressionLimits>;
  /**
   * Native function objects (`{ _jsonata_function: true, implementation, signature }`) that shadow
   * built-ins: the engine's bounded ones. Those named match, contains, replace, split, map, filter,
   * single, reduce, sift, each or sort are not used: JSONata's are async, and the compiler's own
   * synchronous versions stand in for them, with the engine's bounds built in.
   */
  builtins?: Record<string, unknown>;
}

/**
 * Synchronous. Throws JSONata-shaped errors `{ code, position, token?, value?, message }` (the codes
 * the interpreter throws: T2001, D1001, D3010, …, D1012 past the time, D1011 past the depth, as
 * JSONata's `stack` option does), the engine's ExpressionLimitError for size limits, or
 * NotSynchronousError when a function from outside returned a promise (run it on the interpreter).
 */
export type Program = (input: unknown, bindings: Record<string, unknown>) => unknown;

export type CompileResult = { ok: true; program: Program } | { ok: false; reason: string };

/**
 * Compiles JSONata's parsed tree (`jsonata(expr).ast()`) into synchronous closures with the
 * interpreter's meaning. What it does not handle yet it refuses, naming it, rather than guessing.
 */
export function compileJsonata(ast: JsonataNode, options: CompileOptions): CompileResult {
  const { limits } = options;
  const library = libraryFor(options.builtins);
  let root: ReturnType<ReturnType<typeof createNodeCompiler>['node']>;
  try {
    root = createNodeCompiler(limits, library).node(ast, 1);
  } catch (error) {
    if (error instanceof NotCompilable) return { ok: false, reason: error.message };
    // A tree nested deeper than the compiler's own recursion can go: left to the interpreter.
    if (error instanceof RangeError)
      return { ok: false, reason: `the tree is nested too deeply (${error.message})` };
    throw error;
  }
  const runtime = new Runtime(limits);
  const program: Program = (input, bindings) => {
    const evaluation = new Evaluation(runtime);
    const frame = new Frame(undefined, { bindings, library });
    frame.bind('$', input);
    let focus = input;
    // An array input is one value, not a sequence of inputs: JSONata wraps it.
    if (Array.isArray(input) && !isSequence(input)) {
      const wrapped = sequenceOf(input);
      wrapped.outerWrapper = true;
      focus = wrapped;
    }
    try {
      return root(focus, frame, evaluation);
    } catch (error) {
      populateMessage(error);
      throw error;
    }
  };
  return { ok: true, program };
}
