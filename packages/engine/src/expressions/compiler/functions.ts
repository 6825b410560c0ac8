import { jsonataError, NotSynchronousError } from './errors.js';
import type { Frame } from './frame.js';
import { parseJsonata, type Signature } from './natives.js';
import { child, children, type JsonataNode, type NodeCompiler } from './node-compiler.js';
import {
  apply,
  type Evaluator,
  Lambda,
  partialApplyNativeFunction,
  partialApplyProcedure,
  Thunk,
  wrappedFunction,
} from './procedures.js';
import { isFunction, isLambda } from './values.js';

/**
 * Function calls, lambdas, partial application and `~>`, as JSONata's evaluateFunction,
 * evaluateLambda, evaluatePartialApplication and evaluateApplyExpression. A call sets the
 * evaluation's depth to its own while it runs, so the body of what it calls starts one below it.
 */

/** The name a call's errors carry: the variable or the first step of the path that gave the function. */
function procedureName(procedure: JsonataNode): unknown {
  return procedure.type === 'path' ? children(procedure, 'steps')[0].value : procedure.value;
}

function isObjectLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/**
 * `proc(args…)`, or the right side of `lhs ~> proc(args…)` (`applyTo`), whose left side comes first.
 * Function arguments are passed wrapped, as JSONata passes them.
 */
export function compileCall(
  node: JsonataNode,
  depth: number,
  compiler: NodeCompiler,
  applyTo?: Evaluator,
): Evaluator {
  const procedureNode = child(node, 'procedure');
  const procedure = compiler.node(procedureNode, depth + 1);
  const args = children(node, 'arguments').map((arg) => compiler.node(arg, depth + 1));
  const position = node.position;
  const name = procedureName(procedureNode);
  const forgotDollar =
    procedureNode.type === 'path' ? (children(procedureNode, 'steps')[0].value as string) : undefined;
  return (input, frame, evaluation) => {
    const context = applyTo?.(input, frame, evaluation);
    const proc = procedure(input, frame, evaluation);
    if (proc === undefined && forgotDollar !== undefined && frame.lookup(forgotDollar)) {
      throw jsonataError('T1005', { position, token: forgotDollar });
    }
    const evaluated: unknown[] = applyTo ? [context] : [];
    for (const arg of args) {
      const value = arg(input, frame, evaluation);
      evaluated.push(isFunction(value) ? wrappedFunction(value, evaluation) : value);
    }
    const outer = evaluation.depth;
    evaluation.depth = outer + depth;
    let result: unknown;
    if (isObjectLike(proc)) {
      const site = evaluation.callSite(proc as object);
      site.token = name;
      site.position = position;
    }
    try {
      result = apply(proc, evaluated, input, evaluation);
    } catch (error) {
      if (error !== null && typeof error === 'object') {
        const fields = error as { position?: unknown; token?: unknown };
        if (!fields.position) fields.position = position;
        if (!fields.token) fields.token = name;
      }
      throw error;
    }
    evaluation.depth = outer;
    return result;
  };
}

/** `function($x, $y)<sig>{ body }`: its body compiled as code of its own, which starts at depth 1. */
export function compileLambda(node: JsonataNode, compiler: NodeCompiler): Evaluator {
  if (node.thunk === true) return compileThunk(child(node, 'body'), compiler);
  const body = compiler.node(child(node, 'body'), 1);
  const parameters = node.arguments as Array<{ value: string }>;
  const signature = node.signature as Signature | undefined;
  return (input, frame, evaluation) =>
    new Lambda(input, frame, parameters, signature, body, false, evaluation);
}

/** A call in tail position: its procedure and arguments are evaluated by `apply`'s loop, one level below it. */
function compileThunk(call: JsonataNode, compiler: NodeCompiler): Evaluator {
  const procedureNode = child(call, 'procedure');
  const procedure = compiler.node(procedureNode, 1);
  const args = children(call, 'arguments').map((arg) => compiler.node(arg, 1));
  const token = procedureNode.type === 'variable' ? (procedureNode.value as string) : undefined;
  const position = procedureNode.position;
  return (input, frame) => new Thunk(procedure, args, input, frame, token, position);
}

/** `$f(?, 2)`: a function of the `?` arguments. */
export function compilePartial(node: JsonataNode, depth: number, compiler: NodeCompiler): Evaluator {
  const procedureNode = child(node, 'procedure');
  const procedure = compiler.node(procedureNode, depth + 1);
  const args = children(node, 'arguments').map((arg): Evaluator => {
    if (arg.type === 'operator' && arg.value === '?') return () => arg;
    return compiler.node(arg, depth + 1);
  });
  const position = node.position;
  const forgotDollar =
    procedureNode.type === 'path' ? (children(procedureNode, 'steps')[0].value as string) : undefined;
  return (input, frame, evaluation) => {
    const evaluated = args.map((arg) => arg(input, frame, evaluation));
    const proc = procedure(input, frame, evaluation) as any;
    if (proc === undefined && forgotDollar !== undefined && frame.lookup(forgotDollar)) {
      throw jsonataError('T1007', { position, token: forgotDollar });
    }
    if (isLambda(proc)) {
      if (!(proc instanceof Lambda)) return notCompiledLambda();
      return partialApplyProcedure(proc, evaluated, frame, evaluation, proc.isNative);
    }
    if (proc && proc._jsonata_function === true) {
      return partialApplyNativeFunction(proc.implementation, evaluated, frame, evaluation);
    }
    if (typeof proc === 'function') return partialApplyNativeFunction(proc, evaluated, frame, evaluation);
    throw jsonataError('T1008', { position, token: procedureName(procedureNode) });
  };
}

function notCompiledLambda(): never {
  throw new NotSynchronousError('A lambda of another evaluator can only run on the interpreter');
}

/** `function($f, $g) { function($x){ $g($f($x)) } }`: how `~>` composes two functions. */
let chain: JsonataNode | undefined;

/** `lhs ~> rhs`: a call with `lhs` as first argument, or the composition of two functions. */
export function compileApply(node: JsonataNode, depth: number, compiler: NodeCompiler): Evaluator {
  const lhs = compiler.node(child(node, 'lhs'), depth + 1);
  const rhsNode = child(node, 'rhs');
  if (rhsNode.type === 'function') return compileCall(rhsNode, depth, compiler, lhs);
  const rhs = compiler.node(rhsNode, depth + 1);
  chain ??= parseJsonata('function($f, $g) { function($x){ $g($f($x)) } }') as JsonataNode;
  const compose = compiler.node(chain, depth + 1);
  const position = node.position;
  return (input, frame: Frame, evaluation) => {
    const left = lhs(input, frame, evaluation);
    const func = rhs(input, frame, evaluation);
    if (!isFunction(func)) throw jsonataError('T2006', { position, value: func });
    const outer = evaluation.depth;
    let result: unknown;
    if (isFunction(left)) {
      const composer = compose(null, frame, evaluation);
      evaluation.depth = outer + depth;
      result = apply(composer, [left, func], null, evaluation);
    } else {
      evaluation.depth = outer + depth;
      result = apply(func, [left], null, evaluation);
    }
    evaluation.depth = outer;
    return result;
  };
}
