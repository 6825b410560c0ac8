import { stringWithin } from './bounded-builtins.js';
import type { JsonataNode } from './compiled-expression.js';
import { checkStringSize, type ExpressionLimits } from './expression-limits.js';
import { callInstead, rewriteOperators } from './rewrite-operators.js';

/** A call node with none of the extras (predicate, group, stages…) that would forbid merging it. */
const PLAIN_CALL_KEYS = new Set(['type', 'value', 'position', 'procedure', 'arguments']);

/**
 * `&` is an operator, not a function, so no binding can shadow it; yet a loop of `$s & $s`
 * doubles a string at each turn. Its nodes are rewritten, once at compile time, into calls of a
 * bounded concatenation: only expressions that use `&` pay for the check, once per `&` chain.
 * Returns whether the tree had any.
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
  return rewriteOperators(ast, (expr) => {
    if (expr.type !== 'binary' || expr.value !== '&') return false;
    const { lhs, rhs } = expr;
    // `a & b & c` parses as `(a & b) & c`: one call of three operands costs half of two calls.
    const left = isPlainConcat(lhs) ? lhs.arguments : [lhs];
    callInstead(expr, concat, [...left, rhs]);
    return true;
  });
}
