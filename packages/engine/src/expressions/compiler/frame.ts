const isEnumerableOwn = Object.prototype.propertyIsEnumerable;

/** What lies beyond the outermost frame: the caller's bindings, then the functions of the library. */
export interface Globals {
  bindings: Record<string, unknown> | undefined;
  library: ReadonlyMap<string, unknown>;
}

/**
 * A scope of variables, as JSONata's frames: a block, a lambda's call, a tuple of `@`/`#` bindings.
 * `:=` binds in the frame it runs in; a name is looked up frame by frame outwards, then in the
 * bindings (own enumerable keys, as JSONata binds them one by one), then in the library.
 */
export class Frame {
  private vars: Record<string, unknown> | undefined;
  /** `vars` is a tuple of the path's stream, shared: copied before anything is bound here. */
  private borrowed = false;

  constructor(
    readonly parent: Frame | undefined,
    private readonly globals?: Globals,
  ) {}

  /** A frame whose variables are a tuple's (`@` the context, the focus, index and ancestor names). */
  static ofTuple(parent: Frame, tuple: Record<string, unknown>): Frame {
    const frame = new Frame(parent);
    frame.vars = tuple;
    frame.borrowed = true;
    return frame;
  }

  bind(name: string, value: unknown): void {
    if (this.vars === undefined) this.vars = Object.create(null) as Record<string, unknown>;
    else if (this.borrowed) {
      this.vars = Object.assign(Object.create(null) as Record<string, unknown>, this.vars);
      this.borrowed = false;
    }
    this.vars[name] = value;
  }

  lookup(name: string): unknown {
    let frame: Frame = this;
    for (;;) {
      const vars = frame.vars;
      if (vars !== undefined && name in vars) return vars[name];
      if (frame.parent === undefined) return frame.outside(name);
      frame = frame.parent;
    }
  }

  private outside(name: string): unknown {
    const globals = this.globals;
    if (globals === undefined) return undefined;
    const bindings = globals.bindings;
    if (bindings !== undefined && bindings !== null && isEnumerableOwn.call(bindings, name))
      return bindings[name];
    return globals.library.get(name);
  }
}
