import type { JsonataNode } from '../compiled-expression.js';
import { jsonataError, NotSynchronousError } from './errors.js';
import type { Evaluation } from './evaluation.js';
import { Frame } from './frame.js';
import { parseJsonata, type Signature } from './natives.js';
import { functionArity, isLambda } from './values.js';

/** A compiled node: evaluates it against its input, in a frame, for one evaluation. */
export type Evaluator = (input: unknown, frame: Frame, evaluation: Evaluation) => unknown;

interface Parameter {
  value: string;
}

/** JSONata's placeholder argument of a partial application (`$f(?, 2)`), as its evaluator tests it. */
function isPlaceholder(value: unknown): boolean {
  const node = value as JsonataNode | null | undefined;
  return !!node && node.type === 'operator' && node.value === '?';
}

/**
 * A lambda (`function($x){…}`) closed over its frame and input, shaped as JSONata's: built-ins test
 * `_jsonata_lambda`, count `arguments`, and call it through `apply(self, args)`.
 */
export class Lambda {
  readonly _jsonata_lambda = true;
  readonly arguments: Parameter[];

  constructor(
    readonly input: unknown,
    readonly environment: Frame,
    parameters: Parameter[],
    readonly signature: Signature | undefined,
    /** The compiled body, or for a partially applied built-in, the built-in's implementation. */
    readonly body: Evaluator | Function,
    readonly isNative: boolean,
    evaluation: Evaluation,
  ) {
    this.arguments = parameters;
    this.#evaluation = evaluation;
  }

  /** Private, so that walking the lambda's fields (to size or print it) never reaches the evaluation. */
  readonly #evaluation: Evaluation;

  apply(_self: unknown, args: unknown[]): unknown {
    return apply(this, args, this.input, this.#evaluation);
  }
}

/**
 * A call in tail position of a lambda's body, not made yet: `apply` makes it in a loop (JSONata's
 * trampoline), so tail recursion grows neither the stack nor the depth. Its procedure and arguments
 * are compiled one level below the call that runs the loop, as the interpreter evaluates them.
 */
export class Thunk {
  readonly _jsonata_lambda = true;
  readonly thunk = true;

  constructor(
    readonly procedure: Evaluator,
    readonly args: Evaluator[],
    readonly input: unknown,
    readonly frame: Frame,
    /** The procedure's name when it is a variable, and its position: what errors of the call carry. */
    readonly token: string | undefined,
    readonly position: number | undefined,
  ) {}
}

/**
 * Calls a function value (lambda, built-in, or JavaScript function) with evaluated arguments. The
 * caller has set `evaluation.depth` to its own depth: a lambda's body runs one level below it.
 */
export function apply(proc: unknown, args: unknown[], input: unknown, evaluation: Evaluation): unknown {
  let result = applyInner(proc, args, input, evaluation);
  while (result instanceof Thunk) {
    const call = result;
    const next = call.procedure(call.input, call.frame, evaluation);
    // JSONata marks the procedure with its name and position: a value that cannot take them fails.
    if (next === null || (typeof next !== 'object' && typeof next !== 'function')) {
      throw new TypeError(`Cannot set properties of ${String(next)} (setting 'position')`);
    }
    const site = evaluation.callSite(next);
    if (call.token !== undefined) site.token = call.token;
    site.position = call.position;
    const evaluated = call.args.map((arg) => arg(call.input, call.frame, evaluation));
    result = applyInner(next, evaluated, input, evaluation);
  }
  return result;
}

function applyInner(proc: any, args: unknown[], input: unknown, evaluation: Evaluation): unknown {
  try {
    let validated = args;
    if (proc) {
      const signature = proc.signature as Signature | undefined;
      if (signature !== undefined) validated = signature.validate(args, input);
    }
    if (isLambda(proc)) {
      evaluation.tick();
      return applyProcedure(proc, validated, evaluation);
    }
    // One call of a built-in may do much work (print, sort, join a large value): the clock is read at each.
    evaluation.guardrails();
    if (proc && proc._jsonata_function === true) {
      const focus = {
        environment: evaluation.environment,
        input,
        options: evaluation.options,
        createSequence: evaluation.createSequence,
      };
      return synchronous(proc.implementation.apply(focus, validated), true);
    }
    if (typeof proc === 'function') return synchronous(proc.apply(input, validated), false);
    throw jsonataError('T1006');
  } catch (error) {
    if (proc && error !== null && typeof error === 'object') {
      const site = evaluation.lastCallSite(proc);
      const fields = error as { token?: unknown; position?: unknown };
      if (fields.token === undefined && site?.token !== undefined) fields.token = site.token;
      fields.position = site?.position || fields.position;
    }
    throw error;
  }
}

/** A built-in's result as JSONata takes it (a generator's first value); a promise cannot be awaited here. */
function synchronous(result: any, generators: boolean): unknown {
  if (result !== null && typeof result === 'object') {
    if (generators && Symbol.iterator in result && typeof result.next === 'function') {
      return synchronous(result.next().value, false);
    }
    if (typeof result.then === 'function') {
      (result as Promise<unknown>).then(undefined, () => {});
      throw new NotSynchronousError('A function of the expression returned a promise');
    }
  }
  return result;
}

function applyProcedure(proc: any, args: unknown[], evaluation: Evaluation): unknown {
  if (!(proc instanceof Lambda) || proc.body === undefined) {
    throw new NotSynchronousError('A lambda of another evaluator can only run on the interpreter');
  }
  const frame = new Frame(proc.environment);
  const parameters = proc.arguments;
  for (let index = 0; index < parameters.length; index++) frame.bind(parameters[index].value, args[index]);
  if (proc.isNative) return applyNativeFunction(proc.body as Function, frame, evaluation);
  return (proc.body as Evaluator)(proc.input, frame, evaluation);
}

/** A partially applied built-in: its arguments are the variables named as its JavaScript parameters. */
function applyNativeFunction(native: Function, frame: Frame, evaluation: Evaluation): unknown {
  const args = nativeParameters(native).map((name) => frame.lookup(name.trim()));
  const focus = { environment: evaluation.environment, createSequence: evaluation.createSequence };
  evaluation.guardrails();
  return synchronous(native.apply(focus, args), false);
}

const parametersOf = new WeakMap<Function, string[]>();

/** The names in the first parentheses of the function's source, as JSONata reads them. */
function nativeParameters(func: Function): string[] {
  let names = parametersOf.get(func);
  if (!names) {
    names = (/\(([^)]*)\)/.exec(func.toString()) as RegExpExecArray)[1].split(',');
    parametersOf.set(func, names);
  }
  return names;
}

/** `$f(?, 2)` of a lambda: a lambda of the `?` parameters, the others bound. */
export function partialApplyProcedure(
  proc: { arguments: Parameter[]; environment?: Frame; input?: unknown; body: Evaluator | Function },
  args: unknown[],
  frame: Frame,
  evaluation: Evaluation,
  isNative: boolean,
): Lambda {
  const bound = new Frame(proc.environment ?? frame);
  const unbound: Parameter[] = [];
  proc.arguments.forEach((param, index) => {
    const arg = args[index];
    if (isPlaceholder(arg)) unbound.push(param);
    else bound.bind(param.value, arg);
  });
  return new Lambda(proc.input, bound, unbound, undefined, proc.body, isNative, evaluation);
}

/**
 * `$f(?, 2)` of a built-in or JavaScript function: JSONata parses `function($a, $b){ _ }` from the
 * function's parameter names (a parse error if they are not names) and puts the function as its body.
 */
export function partialApplyNativeFunction(
  native: Function,
  args: unknown[],
  frame: Frame,
  evaluation: Evaluation,
): Lambda {
  const names = nativeParameters(native).map((name) => `$${name.trim()}`);
  const parsed = parseJsonata(`function(${names.join(', ')}){ _ }`) as {
    arguments: Parameter[];
  };
  return partialApplyProcedure({ arguments: parsed.arguments, body: native }, args, frame, evaluation, true);
}

/**
 * A function passed as an argument, as JSONata passes it: wrapped in a JavaScript function that
 * applies it, carrying its arity (HOFs pass the index and array only to functions that take them).
 */
export function wrappedFunction(func: unknown, evaluation: Evaluation): Function {
  const closure = (...params: unknown[]) => apply(func, params, null, evaluation);
  (closure as { arity?: number }).arity = functionArity(func);
  return closure;
}
