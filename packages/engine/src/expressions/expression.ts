import jsonata from 'jsonata';
import { StepError } from '../contracts/step-error.js';

/** A whole JSON string of the form `{% … %}` is a JSONata expression; nothing else is. */
const EXPRESSION = /^\s*\{%([\s\S]*)%\}\s*$/;

export function isExpression(value: unknown): value is string {
  return typeof value === 'string' && EXPRESSION.test(value);
}

export interface ExpressionLimits {
  /** Longest evaluation before it is stopped as a runaway; default 1000 ms. */
  timeoutMs: number;
  /** Deepest evaluation stack; default 300. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: ExpressionLimits = { timeoutMs: 1000, maxDepth: 300 };

/** A syntax error, with the offset into the whole `{% … %}` string so callers can report line:column. */
export class ExpressionSyntaxError extends Error {
  override readonly name = 'ExpressionSyntaxError';
  constructor(
    message: string,
    readonly offset: number,
    readonly jsonataCode: string,
  ) {
    super(message);
  }
}

export interface JsonataNode {
  type: string;
  value?: unknown;
  position?: number;
  [key: string]: unknown;
}

export interface CompiledExpression {
  /** The whole `{% … %}` string. */
  readonly source: string;
  /** True when the author opted into an empty result with `??`. */
  readonly allowsNothing: boolean;
  /** The parsed tree, for static checks (variables read, functions called). */
  ast(): JsonataNode;
  /** Evaluates with fresh bindings; the compiled expression itself is never mutated. */
  evaluate(bindings: Record<string, unknown>): Promise<unknown>;
}

// `$eval` would let data compile and run new code, bypassing load-time checks.
const evalDisabled = () => {
  throw new StepError({ code: 'expression', message: '$eval is not available in workflow expressions' });
};

export function compileExpression(
  source: string,
  limits: ExpressionLimits = DEFAULT_LIMITS,
): CompiledExpression {
  const match = EXPRESSION.exec(source);
  if (!match) throw new Error(`Not an expression: ${source}`);
  const body = match[1];
  const bodyOffset = source.indexOf('{%') + 2;
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(body, { timeout: limits.timeoutMs, stack: limits.maxDepth } as jsonata.JsonataOptions);
  } catch (thrown) {
    const error = thrown as { message?: string; position?: number; code?: string };
    const position = typeof error.position === 'number' ? error.position : 0;
    throw new ExpressionSyntaxError(
      error.message ?? 'Invalid expression',
      bodyOffset + Math.max(0, position - 1),
      error.code ?? '',
    );
  }
  const allowsNothing = usesCoalesce(body);
  return {
    source,
    allowsNothing,
    ast: () => compiled.ast() as unknown as JsonataNode,
    evaluate: async (bindings) => {
      const root = bindings.input;
      return compiled.evaluate(root, { ...bindings, eval: evalDisabled });
    },
  };
}

/** `??` outside string literals: JSONata rewrites it away, so the source is where it shows. */
function usesCoalesce(body: string): boolean {
  const withoutStrings = body.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return withoutStrings.includes('??');
}
