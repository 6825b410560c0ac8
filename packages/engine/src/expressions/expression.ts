import { StepError } from '@toolsteps/sdk';
import { compileForRe2 } from '@toolsteps/sdk/schema';
import type jsonata from 'jsonata';
import { boundValue, picked } from './bindings.js';
import { boundedBuiltins, builtinsLoaded, loadBuiltins } from './bounded-builtins.js';
import { boundConcatenations } from './bounded-concat.js';
import { boundEqualities } from './bounded-equality.js';
import type { CompiledExpression, JsonataNode } from './compiled-expression.js';
import { type CompileResult, compileJsonata, NotSynchronousError } from './compiler/index.js';
import { expressionFacts } from './expression-facts.js';
import {
  completeLimits,
  DEFAULT_LIMITS,
  ExpressionLimitError,
  type ExpressionLimits,
} from './expression-limits.js';
import { jsonataLibrary } from './jsonata-library.js';
import { Re2RegExp } from './re2-regex.js';

export type { Bindings } from './bindings.js';
export { DEFAULT_LIMITS, ExpressionLimitError, type ExpressionLimits } from './expression-limits.js';

/** A whole JSON string of the form `{% … %}` is a JSONata expression; nothing else is. */
const EXPRESSION = /^\s*\{%([\s\S]*)%\}\s*$/;

export function isExpression(value: unknown): value is string {
  return typeof value === 'string' && EXPRESSION.test(value);
}

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
  const all = completeLimits(limits);
  const parse = jsonataLibrary();
  let compiled: jsonata.Expression;
  try {
    compiled = parse(body, {
      timeout: all.timeoutMs,
      stack: all.maxDepth,
      // JSONata's own cap on every sequence it builds (paths, ranges, $map, $append, [ … ]).
      sequence: all.maxArrayLength,
      RegexEngine: Re2RegExp,
    } as unknown as jsonata.JsonataOptions);
    checkRegexes(compiled.ast() as unknown as JsonataNode);
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
  for (const [name, builtin] of Object.entries(boundedBuiltins(all))) compiled.assign(name, builtin);
  // Assigned once, like the built-ins: `reads` never binds `eval`, so no variable can shadow it.
  compiled.assign('eval', evalDisabled);
  // Static checks must see the expression as written, not the rewritten `&` nodes.
  let written: JsonataNode | undefined;
  const tree = compiled.ast() as unknown as JsonataNode;
  const concatenations = boundConcatenations(tree, all);
  const rewritten = boundEqualities(tree, all) || concatenations;
  // Chosen once, at the first evaluation: closures where the compiler takes the whole expression,
  // else the interpreter. Not at load: validating a workflow compiles none it does not run.
  let fast: CompileResult | undefined;
  const program = (): CompileResult => {
    fast ??= compileJsonata(tree, { limits: all, builtins: { ...boundedBuiltins(all), eval: evalDisabled } });
    return fast;
  };
  let names: readonly string[] | undefined;
  const expression: CompiledExpression = {
    source,
    allowsNothing,
    runsOn: () => {
      const chosen = program();
      return chosen.ok ? { on: 'compiled' } : { on: 'interpreter', because: chosen.reason };
    },
    ast: () => {
      if (!rewritten) return compiled.ast() as unknown as JsonataNode;
      written ??= parse(body).ast() as unknown as JsonataNode;
      return written;
    },
    reads: () => {
      names ??= readNames(expression);
      return names;
    },
    evaluate: async (bindings) => {
      // JSONata binds every key it is given, one by one: give it only the names this expression reads,
      // taken before any await so they are the values of this moment.
      const own = picked(bindings, expression.reads());
      const root = boundValue(bindings, 'input');
      if (!builtinsLoaded()) await loadBuiltins();
      const chosen = program();
      if (chosen.ok) {
        try {
          return chosen.program(root, own);
        } catch (error) {
          // A function from outside answered a promise: the interpreter awaits it. Programs are pure,
          // so running again repeats nothing.
          if (!(error instanceof NotSynchronousError)) throw arrayLimitFailure(error, all) ?? error;
        }
      }
      try {
        return await compiled.evaluate(root, own);
      } catch (error) {
        throw arrayLimitFailure(error, all) ?? error;
      }
    },
  };
  return expression;
}

/**
 * `$name` variables, once each. Never `$` or `$$` (JSONata binds them), `$eval` (always disabled) or
 * `$__proto__` (as a key it would set the bindings' prototype, not bind a name).
 */
function readNames(expression: CompiledExpression): readonly string[] {
  const names = new Set(expressionFacts(expression).reads.map((read) => read.name));
  for (const reserved of ['', '$', 'eval', '__proto__']) names.delete(reserved);
  return [...names];
}

/** JSONata's D2015 (its `sequence` cap) restated as the array limit it enforces for us. */
function arrayLimitFailure(
  error: unknown,
  limits: Required<ExpressionLimits>,
): ExpressionLimitError | undefined {
  const { code, token } = (error ?? {}) as { code?: unknown; token?: unknown };
  if (code !== 'D2015') return undefined;
  const builder = typeof token === 'string' ? `$${token}` : 'A path, range or array constructor';
  return new ExpressionLimitError(builder, 'array', limits.maxArrayLength, limits.maxArrayLength, true);
}

/** Every regex literal is compiled for RE2 at load, so a pattern RE2 lacks fails validation. */
function checkRegexes(ast: JsonataNode): void {
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object' || seen.has(node) || node instanceof RegExp) return;
    seen.add(node);
    const expr = node as JsonataNode;
    if (expr.type === 'regex' && expr.value instanceof RegExp) {
      try {
        compileForRe2(expr.value);
      } catch (error) {
        throw { message: (error as Error).message, position: expr.position, code: 'regex' };
      }
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(ast);
}

/** `??` outside string literals: JSONata rewrites it away, so the source is where it shows. */
function usesCoalesce(body: string): boolean {
  const withoutStrings = body.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return withoutStrings.includes('??');
}
