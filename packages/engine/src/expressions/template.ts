import { StepError } from '../contracts/step-error.js';
import { type CompiledExpression, compileExpression, DEFAULT_LIMITS, type ExpressionLimits, isExpression } from './expression.js';

/**
 * A JSON value whose `{% … %}` strings were compiled once, at load time. Evaluating it builds a
 * fresh value; literal parts are shared as they are (they are never mutated).
 */
export interface Template {
  readonly isLiteral: boolean;
  evaluate(bindings: Record<string, unknown>, where: TemplateLocation): Promise<unknown>;
}

/** Where a template sits, so errors name the step and the field. */
export interface TemplateLocation {
  step: string;
  /** JSON pointer of the template in the workflow, e.g. `/steps/0/args`. */
  pointer: string;
}

export function compileTemplate(value: unknown, limits: ExpressionLimits = DEFAULT_LIMITS): Template {
  if (isExpression(value)) return expressionTemplate(compileExpression(value, limits));
  if (Array.isArray(value)) {
    const items = value.map((item) => compileTemplate(item, limits));
    if (items.every((item) => item.isLiteral)) return literal(value);
    return {
      isLiteral: false,
      evaluate: (bindings, where) =>
        Promise.all(items.map((item, index) => item.evaluate(bindings, child(where, String(index))))),
    };
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, compileTemplate(item, limits)] as const);
    if (entries.every(([, item]) => item.isLiteral)) return literal(value);
    return {
      isLiteral: false,
      evaluate: async (bindings, where) => {
        const out: Record<string, unknown> = {};
        for (const [key, item] of entries) {
          const evaluated = await item.evaluate(bindings, child(where, key));
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

function expressionTemplate(expression: CompiledExpression): Template {
  return {
    isLiteral: false,
    evaluate: async (bindings, where) => {
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
      return normalize(result);
    },
  };
}

function expressionFailure(thrown: unknown, expression: CompiledExpression, where: TemplateLocation): StepError {
  if (thrown instanceof StepError) return thrown.at(where.step, where.pointer);
  const error = thrown as { message?: string; code?: string; position?: number };
  return new StepError({
    code: 'expression',
    step: where.step,
    field: where.pointer,
    message: `The expression ${abbreviate(expression.source)} at ${where.pointer} of step "${where.step}" failed: ${error.message ?? String(thrown)}`,
    details: { jsonataCode: error.code, position: error.position },
  });
}

/** JSONata returns sequences (arrays with extra flags) and functions; results must be plain JSON. */
function normalize(value: unknown): unknown {
  if (typeof value === 'function') return undefined;
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const normalized = normalize(item);
      if (normalized !== undefined) out[key] = normalized;
    }
    return out;
  }
  return value;
}

function child(where: TemplateLocation, key: string): TemplateLocation {
  return { step: where.step, pointer: `${where.pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}` };
}

function abbreviate(source: string): string {
  const text = source.trim();
  return text.length > 60 ? `${text.slice(0, 57)}…%}` : text;
}

export { DEFAULT_LIMITS, type ExpressionLimits };
