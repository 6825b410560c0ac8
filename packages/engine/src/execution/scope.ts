import type { StepErrorJson } from '../contracts/step-error.js';

/** What `$steps.<id>` holds for a step that has run (or been skipped). */
export interface StepState {
  status: 'succeeded' | 'failed' | 'skipped' | 'caught';
  result: unknown;
  error?: StepErrorJson;
}

/**
 * Variables and step states visible to expressions. A forEach iteration gets a child scope, so what
 * it assigns stays in the iteration; parallel branches share their parent's scope.
 */
export class Scope {
  readonly vars: Record<string, unknown>;
  readonly steps: Record<string, StepState>;
  /**
   * What expressions read (`$input`, `$run`, `$steps`, loop locals, every variable), built once:
   * it reads through to `vars`, so nothing is copied per evaluation. An expression takes from it
   * only the names it reads (expressions/expression.ts).
   */
  private readonly view: Record<string, unknown>;

  private constructor(
    private readonly root: { input: unknown; run: { id: string; startedAt: string } },
    private readonly locals: Record<string, unknown>,
    parent?: Scope,
  ) {
    // Prototype chains make parent values visible without copying them into every iteration.
    this.vars = Object.create(parent?.vars ?? null);
    this.steps = Object.create(parent?.steps ?? null);
    if (parent) this.locals = Object.assign({}, parent.locals, locals);
    // Same precedence as ever: locals over variables, `input`, `run` and `steps` over both.
    this.view = Object.assign(Object.create(this.vars), this.locals);
    this.view.input = root.input;
    this.view.run = root.run;
    this.view.steps = this.steps;
  }

  static root(input: unknown, run: { id: string; startedAt: string }): Scope {
    return new Scope({ input, run }, {});
  }

  child(locals: Record<string, unknown>): Scope {
    return new Scope(this.root, locals, this);
  }

  /**
   * The JSONata bindings: `$input`, `$run`, `$steps`, every variable, loop locals, and `extra`.
   * Live, not a copy: an expression takes its names from it when it starts (a snapshot of those).
   */
  bindings(extra?: Record<string, unknown>): Record<string, unknown> {
    if (!extra) return this.view;
    return Object.assign(Object.create(this.view), extra);
  }

  /** The variables assigned in this scope and its parents, as a plain object. */
  allVars(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name in this.vars) out[name] = this.vars[name];
    return out;
  }
}
