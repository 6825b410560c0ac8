import { jsonSizeAtLeast } from '../bounded-builtins.js';
import { createDeepEqual } from '../bounded-equality.js';
import { checkStringSize, type ExpressionLimits } from '../expression-limits.js';
import { jsonataError } from './errors.js';
import { jsonataNatives } from './natives.js';
import { child, type JsonataNode, type NodeCompiler } from './node-compiler.js';
import type { Evaluator } from './procedures.js';
import { isNumeric, type Sequence, truthy } from './values.js';

/**
 * Binary operators, as JSONata's evaluateBinary: both sides evaluated (one level down), then an
 * error of the operation itself carries the operator's position and token. `and`/`or` evaluate their
 * right side only when needed, and errors of that side carry the operator's position too.
 */
export function compileBinary(node: JsonataNode, depth: number, compiler: NodeCompiler): Evaluator {
  const op = node.value as string;
  const lhs = compiler.node(child(node, 'lhs'), depth + 1);
  const rhs = compiler.node(child(node, 'rhs'), depth + 1);
  const position = node.position;
  const located = (error: unknown) => {
    if (error !== null && typeof error === 'object') Object.assign(error, { position, token: op });
    return error;
  };
  const operation = operationOf(op, compiler.limits);
  if (op === 'and' || op === 'or') {
    const and = op === 'and';
    return (input, frame, evaluation) => {
      const left = lhs(input, frame, evaluation);
      try {
        const leftTrue = truthy(left);
        if (and ? !leftTrue : leftTrue) return leftTrue;
        return truthy(rhs(input, frame, evaluation));
      } catch (error) {
        throw located(error);
      }
    };
  }
  if (operation === undefined) throw new Error(`Unknown binary operator ${op}`);
  return (input, frame, evaluation) => {
    const left = lhs(input, frame, evaluation);
    const right = rhs(input, frame, evaluation);
    try {
      return operation(left, right, evaluation);
    } catch (error) {
      throw located(error);
    }
  };
}

type Operation = (lhs: any, rhs: any, focus: any) => unknown;

function operationOf(op: string, limits: Required<ExpressionLimits>): Operation | undefined {
  switch (op) {
    case '+':
      return (l, r) => (finite(l) && finite(r) ? l + r : numeric(l, r, (a, b) => a + b));
    case '-':
      return (l, r) => (finite(l) && finite(r) ? l - r : numeric(l, r, (a, b) => a - b));
    case '*':
      return (l, r) => (finite(l) && finite(r) ? l * r : numeric(l, r, (a, b) => a * b));
    case '/':
      return (l, r) => (finite(l) && finite(r) ? l / r : numeric(l, r, (a, b) => a / b));
    case '%':
      return (l, r) => (finite(l) && finite(r) ? l % r : numeric(l, r, (a, b) => a % b));
    case '=':
    case '!=': {
      const deepEqual = createDeepEqual(op, limits);
      const negate = op === '!=';
      return (l, r, focus) => {
        if (l === undefined || r === undefined) return false;
        return deepEqual(l, r, focus) !== negate;
      };
    }
    case '<':
      return (l, r) => (comparable(l, r) ? l < r : undefined);
    case '<=':
      return (l, r) => (comparable(l, r) ? l <= r : undefined);
    case '>':
      return (l, r) => (comparable(l, r) ? l > r : undefined);
    case '>=':
      return (l, r) => (comparable(l, r) ? l >= r : undefined);
    case '&':
      return (l, r) => {
        const text = piece(l, limits) + piece(r, limits);
        checkStringSize('&', text.length, limits);
        return text;
      };
    case '..':
      return (l, r) => range(l, r, limits.maxArrayLength);
    case 'in':
      return (l, r) => {
        if (l === undefined || r === undefined) return false;
        const items = Array.isArray(r) ? r : [r];
        for (const item of items) if (item === l) return true;
        return false;
      };
    default:
      return undefined;
  }
}

/** A number that is neither NaN nor infinite: the case that needs no check. */
function finite(value: unknown): value is number {
  return typeof value === 'number' && value - value === 0;
}

/** JSONata's evaluateNumericExpression, for the cases with nothing or something not a number. */
function numeric(lhs: unknown, rhs: unknown, operate: (a: number, b: number) => number): number | undefined {
  if (lhs !== undefined && !isNumeric(lhs)) throw jsonataError('T2001', { value: lhs });
  if (rhs !== undefined && !isNumeric(rhs)) throw jsonataError('T2002', { value: rhs });
  if (lhs === undefined || rhs === undefined) return undefined;
  return operate(lhs, rhs);
}

/** JSONata's checks of `<`, `<=`, `>`, `>=`: true when both sides are there and comparable. */
function comparable(lhs: unknown, rhs: unknown): boolean {
  const ltype = typeof lhs;
  const rtype = typeof rhs;
  const lcomparable = ltype === 'undefined' || ltype === 'string' || ltype === 'number';
  const rcomparable = rtype === 'undefined' || rtype === 'string' || rtype === 'number';
  if (!lcomparable || !rcomparable) {
    throw jsonataError('T2010', { value: !(ltype === 'string' || ltype === 'number') ? lhs : rhs });
  }
  if (ltype === 'undefined' || rtype === 'undefined') return false;
  if (ltype !== rtype) throw jsonataError('T2009', { value: lhs, value2: rhs });
  return true;
}

/** One side of `&` as text ($string's), refused before printing when it would be over the limit. */
function piece(value: unknown, limits: Required<ExpressionLimits>): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    checkStringSize('&', jsonSizeAtLeast(value, limits.maxStringLength), limits, true);
  }
  return jsonataNatives().get('string')?.implementation(value) as string;
}

/** JSONata's evaluateRangeExpression: integers from `lhs` to `rhs`, a sequence. */
function range(lhs: unknown, rhs: unknown, limit: number): Sequence | undefined {
  if (lhs !== undefined && !Number.isInteger(lhs)) throw jsonataError('T2003', { value: lhs });
  if (rhs !== undefined && !Number.isInteger(rhs)) throw jsonataError('T2004', { value: rhs });
  if (lhs === undefined || rhs === undefined) return undefined;
  const from = lhs as number;
  const to = rhs as number;
  if (from > to) return undefined;
  const size = to - from + 1;
  if (size > 1e7) throw jsonataError('D2014', { value: size });
  if (size > limit) throw jsonataError('D2015', { value: size });
  const result: Sequence = new Array(size);
  for (let item = from, index = 0; item <= to; item++, index++) result[index] = item;
  result.sequence = true;
  return result;
}
