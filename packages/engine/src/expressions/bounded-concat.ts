import { stringWithin } from './bounded-builtins.js';
import { boundEqualities } from './bounded-equality.js';
import type { JsonataNode } from './expression.js';
import { checkStringSize, type ExpressionLimits } from './expression-limits.js';

/** A call node with none of the extras (predicate, group, stages…) that would forbid merging it. */
const PLAIN_CALL_KEYS = new Set(['type', 'value', 'position', 'procedure', 'arguments']);

/**
 * `&` is an operator, not a function, so no binding can shadow it; yet a loop of `$s & $s`
 * doubles a string at each turn. Its nodes are rewritten, once at compile time, into calls of a
 * bounded concatenation: only expressions that use `&` pay for the check, once per `&` chain.
 * Returns whether the tree had any (of `&`, or of `=`/`!=`, which are bounded here too until
 * expression.ts calls `boundEqualities` itself).
 */
export function boundConcatenations(ast: JsonataNode, limits: Required<ExpressionLimits>): boolean {
  const concat = (...operands: unknown[]) => {
    let text = '';
    for (const operand of operands) {
      const piece = stringWithin('&', operand, limits) ?? '';
      checkStringSize('&', text.length + piece.length, limits);
      text += piece;
    }
    return text;
  };
  const isPlainConcat = (node: unknown): node is JsonataNode & { arguments: unknown[] } => {
    const expr = node as JsonataNode;
    return (
      expr?.type === 'function' &&
      (expr.procedure as JsonataNode | undefined)?.value === concat &&
      Object.keys(expr).every((key) => PLAIN_CALL_KEYS.has(key))
    );
  };
  let found = false;
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const child of Object.values(node)) visit(child);
    const expr = node as JsonataNode;
    if (expr.type === 'binary' && expr.value === '&') {
      found = true;
      const { lhs, rhs } = expr;
      delete expr.lhs;
      delete expr.rhs;
      // `a & b & c` parses as `(a & b) & c`: one call of three operands costs half of two calls.
      const left = isPlainConcat(lhs) ? lhs.arguments : [lhs];
      // Same node, same position (and any predicate or group): now a call of a literal function.
      Object.assign(expr, {
        type: 'function',
        value: '(',
        procedure: { type: 'value', value: concat, position: expr.position },
        arguments: [...left, rhs],
      });
    }
  };
  visit(ast);
  const equalities = boundEqualities(ast, limits);
  return found || equalities;
}
