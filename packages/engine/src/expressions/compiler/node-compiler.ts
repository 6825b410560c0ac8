import type { JsonataNode } from '../compiled-expression.js';
import type { ExpressionLimits } from '../expression-limits.js';
import type { Evaluator } from './procedures.js';

export type { JsonataNode } from '../compiled-expression.js';

/**
 * What the compilers of each kind of node are handed: the compiler of any node, so they compile
 * their children without importing it. `depth` is the node's depth below the top of the code it is
 * part of (the program, or a lambda's body), where the interpreter's evaluate() would be called.
 */
export interface NodeCompiler {
  readonly limits: Required<ExpressionLimits>;
  /** `evaluate(node)` at `depth`: the node's own work, its predicates, grouping and singleton rule. */
  node(node: JsonataNode, depth: number): Evaluator;
}

/** A child node of a known shape. */
export function child(node: JsonataNode, key: string): JsonataNode {
  return node[key] as JsonataNode;
}

export function children(node: JsonataNode, key: string): JsonataNode[] {
  return node[key] as JsonataNode[];
}
