import type { Bindings } from './bindings.js';

/** A node of JSONata's parsed tree, as the engine's checks and rewrites read it. */
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
  /**
   * How it runs: as compiled closures (synchronous, limits counted cheaply), or on JSONata's
   * interpreter when the compiler does not take it (`$eval`), with the reason. Compiles it the first
   * time it is asked, as the first evaluation does.
   */
  runsOn(): { on: 'compiled' } | { on: 'interpreter'; because: string };
  /** The parsed tree, for static checks (variables read, functions called). */
  ast(): JsonataNode;
  /** The names of the bindings it may read (its `$name` variables), found once in its tree. */
  reads(): readonly string[];
  /**
   * Evaluates with the bindings it reads, taken from `bindings` (a record, own or inherited keys, or
   * a scope's lookup) when it starts; the compiled expression itself is never mutated.
   */
  evaluate(bindings: Bindings): Promise<unknown>;
}
