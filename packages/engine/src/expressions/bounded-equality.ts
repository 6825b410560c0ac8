import type { JsonataNode } from './compiled-expression.js';
import { ExpressionLimitError, type ExpressionLimits, WORK_LIMITS } from './expression-limits.js';
import { callInstead, rewriteOperators } from './rewrite-operators.js';

/** What JSONata passes as `this` to a `_jsonata_function`. */
interface Focus {
  environment: { base: { guardrails(): void } };
}

/** How often (in pairs compared) the evaluation's timeout is checked. */
const PAIRS_PER_TIMEOUT_CHECK = 4096;

/**
 * JSONata's deep equality (`isDeepEqual`: arrays in order, objects by their sorted own keys), with
 * two guards it lacks: a pair of objects already under comparison is not compared again, so a
 * value that shares one object at every level costs its size in memory, not 2^depth; and the pairs
 * compared are counted against a budget, with the timeout checked as they go.
 */
export function createDeepEqual(builder: string, limits: Required<ExpressionLimits>) {
  const budget = WORK_LIMITS.comparisonsPerArrayItem * limits.maxArrayLength;
  return (lhs: unknown, rhs: unknown, focus?: Focus): boolean => {
    // The common case (a field against a literal) allocates nothing.
    if (lhs === rhs) return true;
    if (typeof lhs !== 'object' || typeof rhs !== 'object' || lhs === null || rhs === null) return false;
    let pairs = 0;
    // A pair met again is either equal or still being compared: had it differed, the walk would have stopped.
    const visited = new Map<object, Set<object>>();
    const equal = (left: unknown, right: unknown): boolean => {
      if (left === right) return true;
      if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
        return false;
      let partners = visited.get(left);
      if (partners?.has(right)) return true;
      if (++pairs > budget) throw new ExpressionLimitError(builder, 'comparison', budget, budget, true);
      if (pairs % PAIRS_PER_TIMEOUT_CHECK === 0) focus?.environment.base.guardrails();
      if (!partners) {
        partners = new Set();
        visited.set(left, partners);
      }
      partners.add(right);
      if (Array.isArray(left) || Array.isArray(right)) {
        if (!Array.isArray(left) || !Array.isArray(right))
          return sameKeys(left, right) && sameValues(left, right);
        if (left.length !== right.length) return false;
        for (let index = 0; index < left.length; index++) if (!equal(left[index], right[index])) return false;
        return true;
      }
      return sameKeys(left, right) && sameValues(left, right);
    };
    const sameValues = (left: object, right: object) => {
      for (const key of Object.getOwnPropertyNames(left))
        if (!equal((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]))
          return false;
      return true;
    };
    return equal(lhs, rhs);
  };
}

function sameKeys(left: object, right: object): boolean {
  const leftKeys = Object.getOwnPropertyNames(left);
  const rightKeys = Object.getOwnPropertyNames(right);
  if (leftKeys.length !== rightKeys.length) return false;
  leftKeys.sort();
  rightKeys.sort();
  return leftKeys.every((key, index) => key === rightKeys[index]);
}

/**
 * `=` and `!=` are operators, so no binding can shadow them: their nodes are rewritten, once at
 * compile time, into calls of the bounded deep equality (as `&` is in bounded-concat.ts). `in`
 * compares with `===` only, so it needs no guard. Returns whether the tree had any.
 */
export function boundEqualities(ast: JsonataNode, limits: Required<ExpressionLimits>): boolean {
  const operators = equalityOperators(limits);
  return rewriteOperators(ast, (expr) => {
    if (expr.type !== 'binary' || (expr.value !== '=' && expr.value !== '!=')) return false;
    const { lhs, rhs } = expr;
    // Against a literal string, number, boolean or null there is nothing to recurse into: left fast.
    if (isScalarLiteral(lhs) || isScalarLiteral(rhs)) return false;
    callInstead(expr, operators[expr.value as '=' | '!='], [lhs, rhs]);
    return true;
  });
}

function isScalarLiteral(node: unknown): boolean {
  const type = (node as JsonataNode | undefined)?.type;
  return type === 'string' || type === 'number' || type === 'value';
}

/** One pair of operators per distinct limits, shared by every expression compiled with them. */
const shared = new Map<string, Record<'=' | '!=', object>>();

function equalityOperators(limits: Required<ExpressionLimits>): Record<'=' | '!=', object> {
  const key = `${limits.timeoutMs}/${limits.maxDepth}/${limits.maxStringLength}/${limits.maxArrayLength}`;
  let operators = shared.get(key);
  if (!operators) {
    operators = { '=': equalityFunction('=', limits, false), '!=': equalityFunction('!=', limits, true) };
    shared.set(key, operators);
  }
  return operators;
}

/**
 * A built-in (so JSONata hands it the evaluation, for the timeout) with no signature, so its
 * arguments arrive as evaluated. As JSONata's `=`: false when either side is nothing.
 */
function equalityFunction(operator: '=' | '!=', limits: Required<ExpressionLimits>, negate: boolean) {
  const deepEqual = createDeepEqual(operator, limits);
  return {
    _jsonata_function: true,
    implementation(this: Focus, lhs: unknown, rhs: unknown) {
      if (lhs === undefined || rhs === undefined) return false;
      return deepEqual(lhs, rhs, this) !== negate;
    },
  };
}
