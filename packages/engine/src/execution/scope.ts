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

  private constructor(
    private readonly root: { input: unknown; run: { id: string; startedAt: string } },
    private readonly locals: Record<string, unknown>,
    parent?: Scope,
  ) {
    // Prototype chains make parent values visible without copying them into every iteration.
    this.vars = Object.create(parent?.vars ?? null);
    this.steps = Object.create(parent?.steps ?? null);
    if (parent) this.locals = { ...parent.locals, ...locals };
  }

  static root(input: unknown, run: { id: string; startedAt: string }): Scope {
    return new Scope({ input, run }, {});
  }

  child(locals: Record<string, unknown>): Scope {
    return new Scope(this.root, locals, this);
  }

  /** The JSONata bindings: `$input`, `$run`, `$steps`, every variable, loop locals, and `extra`. */
  bindings(extra?: Record<string, unknown>): Record<string, unknown> {
    const bindings: Record<string, unknown> = {};
    for (const name in this.vars) bindings[name] = this.vars[name];
    Object.assign(bindings, this.locals);
    bindings.input = this.root.input;
    bindings.run = this.root.run;
    bindings.steps = this.steps;
    if (extra) Object.assign(bindings, extra);
    return bindings;
  }

  /** The variables assigned in this scope and its parents, as a plain object. */
  allVars(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name in this.vars) out[name] = this.vars[name];
    return out;
  }
}
