import type { CompiledExpression, JsonataNode } from '../../expressions/compiled-expression.js';

/** A field name read from the expression's own context (`issue.title` rather than `$event.issue.title`). */
export interface ContextRead {
  name: string;
  /** Index of the name in the whole `{% … %}` string. */
  offset: number;
}

/**
 * Where a node's children are evaluated against the same context as the node itself. Paths go on
 * only through their first step; predicates, later steps, sort terms, groups and lambda bodies read
 * other contexts (the items they walk), so they are not followed.
 */
const SAME_CONTEXT: Record<string, readonly string[]> = {
  path: [],
  function: ['arguments'],
  partial: ['arguments'],
  unary: ['lhs', 'expressions', 'expression'],
  binary: ['lhs', 'rhs'],
  apply: ['lhs', 'rhs'],
  condition: ['condition', 'then', 'else'],
  block: ['expressions'],
  bind: ['rhs'],
};

/**
 * Names read from the root context. In a binding the context is empty (everything comes through
 * `$event`), so each of these yields nothing: a mistake best named where it is written.
 */
export function contextReads(expression: CompiledExpression): ContextRead[] {
  const reads: ContextRead[] = [];
  const bodyOffset = expression.source.indexOf('{%') + 2;
  const pending: unknown[] = [expression.ast()];
  while (pending.length > 0) {
    const node = pending.pop() as JsonataNode | undefined;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) pending.push(node[index]);
      continue;
    }
    if (node.type === 'path') {
      const first = (node.steps as JsonataNode[] | undefined)?.[0];
      if (first?.type === 'name' && typeof first.value === 'string') {
        const end = bodyOffset + (first.position ?? 0);
        const quoted = expression.source[end - 1] === '`';
        reads.push({
          name: first.value,
          offset: Math.max(bodyOffset, end - first.value.length - (quoted ? 2 : 0)),
        });
      } else pending.push(first);
      continue;
    }
    for (const key of SAME_CONTEXT[node.type] ?? []) pending.push(node[key]);
  }
  return reads.sort((a, b) => a.offset - b.offset);
}
