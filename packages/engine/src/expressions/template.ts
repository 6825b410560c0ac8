import { StepError } from '../contracts/step-error.js';
import { escapePointer } from '../validation/json-pointer.js';
import {
  type CompiledExpression,
  compileExpression,
  DEFAULT_LIMITS,
  type ExpressionLimits,
  ExpressionSyntaxError,
  isExpression,
} from './expression.js';
import { completeLimits } from './expression-limits.js';

/**
 * A JSON value whose `{% … %}` strings were compiled once, at load time. Evaluating it builds a
 * fresh value; literal parts are shared as they are (they are never mutated).
 */
export interface Template {
  readonly isLiteral: boolean;
  /** `stepKey` names the running step (e.g. `tickets[2].ticket`) in errors. */
  evaluate(bindings: Record<string, unknown>, stepKey: string): Promise<unknown>;
}

/** Every expression found while compiling, with where it stands, for static checks. */
export interface FoundExpression {
  pointer: string;
  expression: CompiledExpression;
}

export interface CompileOptions {
  limits?: ExpressionLimits;
  /** JSON pointer of the value in the workflow. */
  pointer?: string;
  /** Collects syntax errors instead of throwing at the first, so all are reported together. */
  onSyntaxError?: (pointer: string, error: ExpressionSyntaxError) => void;
  onExpression?: (found: FoundExpression) => void;
}

export function compileTemplate(value: unknown, options: CompileOptions = {}): Template {
  const pointer = options.pointer ?? '';
  if (isExpression(value)) {
    let expression: CompiledExpression;
    try {
      expression = compileExpression(value, options.limits ?? DEFAULT_LIMITS);
    } catch (error) {
      if (!(error instanceof ExpressionSyntaxError) || !options.onSyntaxError) throw error;
      options.onSyntaxError(pointer, error);
      return literal(value);
    }
    options.onExpression?.({ pointer, expression });
    return expressionTemplate(expression, pointer, completeLimits(options.limits ?? DEFAULT_LIMITS));
  }
  const at = (key: string) => ({ ...options, pointer: `${pointer}/${escapePointer(key)}` });
  if (Array.isArray(value)) {
    const items = value.map((item, index) => compileTemplate(item, at(String(index))));
    if (items.every((item) => item.isLiteral)) return literal(value);
    return {
      isLiteral: false,
      evaluate: (bindings, stepKey) => Promise.all(items.map((item) => item.evaluate(bindings, stepKey))),
    };
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => [key, compileTemplate(item, at(key))] as const,
    );
    if (entries.every(([, item]) => item.isLiteral)) return literal(value);
    return {
      isLiteral: false,
      evaluate: async (bindings, stepKey) => {
        const out: Record<string, unknown> = {};
        for (const [key, item] of entries) {
          const evaluated = await item.evaluate(bindings, stepKey);
          // An optional field whose `??` expression yields nothing is left out, as JSON would.
          if (evaluated !== undefined) out[key] = evaluated;
        }
        return out;
      },
    };
  }
  return literal(value);
}

function literal(value: unknown): Template {
  return { isLiteral: true, evaluate: async () => value };
}

function expressionTemplate(
  expression: CompiledExpression,
  pointer: string,
  limits: Required<ExpressionLimits>,
): Template {
  return {
    isLiteral: false,
    evaluate: async (bindings, step) => {
      const where = { step, pointer };
      let result: unknown;
      try {
        result = await expression.evaluate(bindings);
      } catch (thrown) {
        throw expressionFailure(thrown, expression, where);
      }
      if (result === undefined && !expression.allowsNothing) {
        throw new StepError({
          code: 'expression',
          step: where.step,
          field: where.pointer,
          message: `The expression ${abbreviate(expression.source)} at ${where.pointer} of step "${where.step}" yielded nothing; check the names it reads, or give a default with ?? (e.g. {% $x ?? null %})`,
        });
      }
      const most = RESULT_VALUES_PER_ARRAY_ITEM * limits.maxArrayLength;
      const budget = { values: most };
      const normalized = normalize(result, budget);
      if (budget.values < 0) {
        const message = `its result would hold more than ${most} values once written out (it repeats the same object many times), over the limit of an expression`;
        throw expressionFailure(new Error(message), expression, where);
      }
      return normalized;
    },
  };
}

function expressionFailure(
  thrown: unknown,
  expression: CompiledExpression,
  where: { step: string; pointer: string },
): StepError {
  if (thrown instanceof StepError) return thrown.at(where.step, where.pointer);
  const error = thrown as { message?: string; code?: string; position?: number };
  // V8's own ceilings (string length, array length, call stack) throw RangeError: still the expression's fault.
  const reason =
    thrown instanceof RangeError
      ? `it outgrew a limit of the JavaScript engine (${thrown.message})`
      : (error.message ?? String(thrown));
  return new StepError({
    code: 'expression',
    step: where.step,
    field: where.pointer,
    message: `The expression ${abbreviate(expression.source)} at ${where.pointer} of step "${where.step}" failed: ${reason}`,
    details: { jsonataCode: error.code, position: error.position },
  });
}

/**
 * A result may repeat one object many times (`$b := {"x": $a, "y": $a}`, nested): copied out as
 * JSON it is exponentially larger than in memory. Copying stops after this many values per allowed
 * array item, rather than hang the host.
 */
const RESULT_VALUES_PER_ARRAY_ITEM = 10;

/** JSONata returns sequences (arrays with extra flags) and functions; results must be plain JSON. */
function normalize(value: unknown, budget: { values: number }): unknown {
  if (--budget.values < 0) return undefined;
  if (typeof value === 'function') return undefined;
  if (Array.isArray(value)) return value.map((item) => normalize(item, budget));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const normalized = normalize(item, budget);
      if (normalized !== undefined) out[key] = normalized;
    }
    return out;
  }
  return value;
}

function abbreviate(source: string): string {
  const text = source.trim();
  return text.length > 60 ? `${text.slice(0, 57)}…%}` : text;
}
