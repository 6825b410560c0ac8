import type { StepErrorJson } from '@toolsteps/sdk';
import { type Bindings, NameLookup } from '../expressions/bindings.js';

/** What `$steps.<id>` holds for a step that has run (or been skipped). */
export interface StepState {
  status: 'succeeded' | 'failed' | 'skipped' | 'caught';
  result: unknown;
  error?: StepErrorJson;
}

interface Root {
  input: unknown;
  run: { id: string; startedAt: string };
}

/**
 * Variables and step states visible to expressions. A forEach iteration gets a child scope, so what
 * it assigns stays in the iteration; parallel branches share their parent's scope.
 *
 * Expressions look names up here when they start (expressions/bindings.ts), in this order:
 * `input`, `run` and `steps`, then loop locals, then variables, this scope's before its parents'.
 * Variables live in a Map per scope, read through to the parent's: nothing is copied per
 * iteration or evaluation, and assigning one never adds a property to a prototype object.
 */
export class Scope extends NameLookup {
  readonly steps: Record<string, StepState>;
  private readonly vars = new Map<string, unknown>();

  private constructor(
    private readonly root: Root,
    private readonly locals: ReadonlyMap<string, unknown>,
    private readonly parent?: Scope,
  ) {
    super();
    // A JSONata object: `$steps.id` reads a parent's steps through the prototype, `$keys` lists own ones.
    this.steps = Object.create(parent?.steps ?? null);
  }

  static root(input: unknown, run: { id: string; startedAt: string }): Scope {
    return new Scope({ input, run }, new Map());
  }

  /** An iteration's scope: `locals` (the item and index) over the parent's, its own variables over the parent's. */
  child(locals: Record<string, unknown>): Scope {
    const merged = new Map(this.locals);
    for (const name of Object.keys(locals)) merged.set(name, locals[name]);
    return new Scope(this.root, merged, this);
  }

  lookup(name: string): unknown {
    if (name === 'input') return this.root.input;
    if (name === 'run') return this.root.run;
    if (name === 'steps') return this.steps;
    if (this.locals.has(name)) return this.locals.get(name);
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) {
      const value = scope.vars.get(name);
      // A variable set to nothing still hides the parent's of that name.
      if (value !== undefined || scope.vars.has(name)) return value;
    }
    return undefined;
  }

  /** Sets a variable of this scope: a forEach iteration's stays in it, hiding the parent's. */
  assign(name: string, value: unknown): void {
    this.vars.set(name, value);
  }

  /**
   * The JSONata bindings: `$input`, `$run`, `$steps`, every variable, loop locals, and `extra` over
   * them all. Live, not a copy: an expression takes its names when it starts (a snapshot of those).
   */
  bindings(extra?: Record<string, unknown>): Bindings {
    return extra ? new WithExtra(this, extra) : this;
  }

  /** The variables assigned in this scope and its parents, as a plain object. */
  allVars(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const chain: Scope[] = [];
    for (let scope: Scope | undefined = this; scope; scope = scope.parent) chain.unshift(scope);
    // The nearest scope's value wins, as a lookup finds it.
    for (const scope of chain) for (const [name, value] of scope.vars) out[name] = value;
    return out;
  }
}

/** A scope with a few names of one moment over it (`$result` for an assign, `$error` for a catch). */
class WithExtra extends NameLookup {
  constructor(
    private readonly scope: Scope,
    private readonly extra: Record<string, unknown>,
  ) {
    super();
  }

  lookup(name: string): unknown {
    return Object.hasOwn(this.extra, name) ? this.extra[name] : this.scope.lookup(name);
  }
}
