import type { JsonataNode } from './compiled-expression.js';

/**
 * Operators (`&`, `=`, `!=`) cannot be shadowed by a binding, so the bounded ones are put in by
 * rewriting the tree once at compile time: `replace` may turn a node into a call of a function.
 * Children are visited before their parent (a chain `a & b & c` merges bottom up), without recursion,
 * so a tree as deep as JSONata's parser allows cannot overflow the stack here. Returns whether any
 * node was replaced.
 */
export function rewriteOperators(ast: JsonataNode, replace: (node: JsonataNode) => boolean): boolean {
  let replaced = false;
  const seen = new Set<object>([ast]);
  const pending: Array<{ node: object; childrenDone: boolean }> = [{ node: ast, childrenDone: false }];
  while (pending.length > 0) {
    const entry = pending[pending.length - 1];
    if (entry.childrenDone) {
      pending.pop();
      if (replace(entry.node as JsonataNode)) replaced = true;
      continue;
    }
    entry.childrenDone = true;
    for (const child of Object.values(entry.node)) {
      if (child === null || typeof child !== 'object' || seen.has(child)) continue;
      seen.add(child);
      pending.push({ node: child, childrenDone: false });
    }
  }
  return replaced;
}

/** Turns an operator node into a call of `fn`: same node, same position, predicates and groups kept. */
export function callInstead(node: JsonataNode, fn: unknown, args: unknown[]): void {
  delete node.lhs;
  delete node.rhs;
  Object.assign(node, {
    type: 'function',
    value: '(',
    procedure: { type: 'value', value: fn, position: node.position },
    arguments: args,
  });
}
