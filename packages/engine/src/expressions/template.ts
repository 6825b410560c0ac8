import { StepError } from '@toolsteps/sdk';
import { escapePointer } from '@toolsteps/sdk/schema';
import { type Bindings, picked } from './bindings.js';
import type { CompiledExpression } from './compiled-expression.js';
import {
  compileExpression,
  DEFAULT_LIMITS,
  type ExpressionLimits,
  ExpressionSyntaxError,
  isExpression,
} from './expression.js';
import { completeLimits } from './expression-limits.js';

/**
 * A JSON value whose `{% … %}` strings were compiled once, at load time. Evaluating it builds a
 * fresh value, literal parts included: what a run hands out must not reach into the workflow.
 */
export type Template = LiteralTemplate | ExpressionTemplate;

/**
 * Where a template is evaluated, as its errors name it: a step key (`tickets[2].ticket`, the error's
 * `step`), or a trigger binding whose filter or input mapping it is.
 */
export type EvaluationSite = string | { binding: string };

interface Evaluates {
  /**
   * `bindings` may be a scope's live lookup: each expression takes only the names it reads, when it
   * starts. `site` names where it runs in errors.
   */
  evaluate(bindings: Bindings, site: EvaluationSite): Promise<unknown>;
}

/** A value with no expression in it. */
export interface LiteralTemplate extends Evaluates {
  readonly isLiteral: true;
  /** The value at once, no promise: what `evaluate` resolves to (a fresh copy of an array or object). */
  value(): unknown;
}

export interface ExpressionTemplate extends Evaluates {
  readonly isLiteral: false;
}

/** A template and what it reads, so an array or object of several expressions can snapshot once. */
interface PartOf {
  /** `budget`: values the results of one whole template evaluation may write out, shared by its parts. */
  evaluate(bindings: Bindings, site: EvaluationSite, budget?: ResultBudget): Promise<unknown>;
  /** How many expressions it holds. */
  readonly expressions: number;
  reads(): readonly string[];
}

type Part = (PartOf & Omit<LiteralTemplate, 'evaluate'>) | (PartOf & Omit<ExpressionTemplate, 'evaluate'>);

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
  /**
   * Compiled expressions by source text, shared by every string that repeats one: a compiled
   * expression is never mutated and each evaluation gets its own bindings. One cache per set of limits.
   */
  cache?: Map<string, CompiledExpression>;
}

export function compileTemplate(value: unknown, options: CompileOptions = {}): Template {
  const part = compilePart(value, options);
  if (part.isLiteral) return part;
  const most = RESULT_VALUES_PER_ARRAY_ITEM * completeLimits(options.limits ?? DEFAULT_LIMITS).maxArrayLength;
  // One budget for all the fields of a step's args: twenty fields must not each fill memory.
  return {
    isLiteral: false,
    evaluate: (bindings: Bindings, site: EvaluationSite) => part.evaluate(bindings, site, { values: most }),
  };
}

interface ResultBudget {
  values: number;
}

function compilePart(value: unknown, options: CompileOptions): Part {
  const pointer = options.pointer ?? '';
  if (isExpression(value)) {
    let expression: CompiledExpression;
    try {
      expression = options.cache?.get(value) ?? compileExpression(value, options.limits ?? DEFAULT_LIMITS);
    } catch (thrown) {
      const error = ranOutOfStack(thrown) ? nestedTooDeeply(value) : thrown;
      if (!(error instanceof ExpressionSyntaxError) || !options.onSyntaxError) throw error;
      options.onSyntaxError(pointer, error);
      return literal(value);
    }
    options.cache?.set(value, expression);
    options.onExpression?.({ pointer, expression });
    return expressionTemplate(expression, pointer, completeLimits(options.limits ?? DEFAULT_LIMITS));
  }
  const at = (key: string) => ({ ...options, pointer: `${pointer}/${escapePointer(key)}` });
  if (Array.isArray(value)) {
    const items = value.map((item, index) => compilePart(item, at(String(index))));
    if (items.every((item) => item.isLiteral)) return literal(value);
    const { expressions, reads, snapshot } = composite(items);
    return {
      isLiteral: false,
      expressions,
      reads,
      evaluate: (bindings, site, budget) => {
        const own = snapshot(bindings);
        return Promise.all(items.map((item) => item.evaluate(own, site, budget)));
      },
    };
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, compilePart(item, at(key))] as const);
    if (entries.every(([, item]) => item.isLiteral)) return literal(value);
    const { expressions, reads, snapshot } = composite(entries.map(([, item]) => item));
    return {
      isLiteral: false,
      expressions,
      reads,
      evaluate: async (bindings, site, budget) => {
        const own = snapshot(bindings);
        const out: Record<string, unknown> = {};
        for (const [key, item] of entries) {
          const evaluated = await item.evaluate(own, site, budget);
          // An optional field whose `??` expression yields nothing is left out, as JSON would.
          if (evaluated !== undefined) out[key] = evaluated;
        }
        return out;
      },
    };
  }
  return literal(value);
}

/** The call stack ran out while parsing or rewriting the tree: a syntax error of the expression, at its start. */
function ranOutOfStack(thrown: unknown): boolean {
  return (
    thrown instanceof RangeError ||
    (thrown instanceof ExpressionSyntaxError && /call stack size/i.test(thrown.message))
  );
}

function nestedTooDeeply(source: string): ExpressionSyntaxError {
  const message =
    'it is nested too deeply (too many operators, brackets or parentheses in one chain); split it with variables';
  return new ExpressionSyntaxError(message, source.indexOf('{%') + 2, 'depth');
}

/**
 * An array's or object's parts are evaluated one after another; with two expressions or more,
 * they all read one snapshot of the names they use, taken when it starts, as one set of bindings.
 */
function composite(parts: Part[]) {
  const expressions = parts.reduce((sum, part) => sum + part.expressions, 0);
  let names: readonly string[] | undefined;
  const reads = () => {
    // `input` always: it is the context (`$`) of every expression.
    names ??= [...new Set(['input', ...parts.flatMap((part) => part.reads())])];
    return names;
  };
  const snapshot = (bindings: Bindings): Bindings => (expressions > 1 ? picked(bindings, reads()) : bindings);
  return { expressions, reads, snapshot };
}

/** Literal parts are copied: a caller changing what a run returned must not change the workflow. */
function literal(value: unknown): Part {
  const shared = value === null || typeof value !== 'object';
  const copy = () => (shared ? value : copyJson(value));
  return {
    isLiteral: true,
    expressions: 0,
    reads: () => [],
    value: copy,
    evaluate: async () => copy(),
  };
}

function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyJson((value as Record<string, unknown>)[key]);
  return out;
}

function expressionTemplate(
  expression: CompiledExpression,
  pointer: string,
  limits: Required<ExpressionLimits>,
): Part {
  return {
    isLiteral: false,
    expressions: 1,
    reads: () => expression.reads(),
    evaluate: async (bindings, site, shared) => {
      const where = whereOf(site, pointer);
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
          message: `The expression ${abbreviate(expression.source)} at ${where.pointer} of ${where.owner} yielded nothing; check the names it reads, or give a default with ?? (e.g. {% $x ?? null %})`,
        });
      }
      const most = RESULT_VALUES_PER_ARRAY_ITEM * limits.maxArrayLength;
      const budget = shared ?? { values: most };
      const normalized = normalize(result, budget);
      if (budget.values < 0) {
        const message = `its result would take the values written out by this step's expressions past ${most} (it repeats the same object many times), over the limit of an expression`;
        throw expressionFailure(new Error(message), expression, where);
      }
      return normalized;
    },
  };
}

/** Where an expression failed: the error's `step` (a step key only), its field, and the owner as errors say it. */
interface Where {
  step: string | undefined;
  pointer: string;
  owner: string;
}

function whereOf(site: EvaluationSite, pointer: string): Where {
  return typeof site === 'string'
    ? { step: site, pointer, owner: `step "${site}"` }
    : { step: undefined, pointer, owner: `binding "${site.binding}"` };
}

function expressionFailure(thrown: unknown, expression: CompiledExpression, where: Where): StepError {
  if (thrown instanceof StepError) {
    if (where.step !== undefined) return thrown.at(where.step, where.pointer);
    return new StepError({ ...thrown.toJSON(), field: where.pointer, cause: thrown.cause });
  }
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
    message: `The expression ${abbreviate(expression.source)} at ${where.pointer} of ${where.owner} failed: ${reason}`,
    details: { jsonataCode: error.code, position: error.position },
  });
}

/**
 * A result may repeat one object many times (`$b := {"x": $a, "y": $a}`, nested): copied out as
 * JSON it is exponentially larger than in memory. A result is copied only when it writes out to at
 * most this many values per allowed array item (1,000,000 by default).
 */
const RESULT_VALUES_PER_ARRAY_ITEM = 1;

/**
 * JSONata returns sequences (arrays with extra flags) and functions; results must be plain JSON.
 * Its written-out size is measured first, each shared object once, so that a result over the
 * budget is refused in time linear in its memory, before any copying.
 */
function normalize(value: unknown, budget: { values: number }): unknown {
  if (value !== null && typeof value === 'object' && writtenValues(value, budget.values) > budget.values) {
    budget.values = -1;
    return undefined;
  }
  return copyResult(value, budget);
}

function copyResult(value: unknown, budget: { values: number }): unknown {
  if (--budget.values < 0) return undefined;
  if (typeof value === 'function') return undefined;
  if (Array.isArray(value)) return value.map((item) => copyResult(item, budget));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const normalized = copyResult(item, budget);
      if (normalized !== undefined) out[key] = normalized;
    }
    return out;
  }
  return value;
}

/** How many values `value` holds once written out (past `most`, any larger number). */
function writtenValues(value: unknown, most: number): number {
  const sizes = new Map<object, number>();
  const measure = (item: unknown): number => {
    if (item === null || typeof item !== 'object') return 1;
    const known = sizes.get(item);
    if (known !== undefined) return known;
    let size = 1;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      size += measure(child);
      if (size > most) break;
    }
    sizes.set(item, size);
    return size;
  };
  return measure(value);
}

function abbreviate(source: string): string {
  const text = source.trim();
  return text.length > 60 ? `${text.slice(0, 57)}…%}` : text;
}
