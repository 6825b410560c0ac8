/**
 * A set of names layered over its parent's: a forEach body or a parallel branch sees everything
 * around it without copying it, so checking a workflow stays linear in its size.
 */
export class ScopeNames implements Iterable<string> {
  private readonly own = new Set<string>();

  private constructor(private readonly parent?: ScopeNames) {}

  static of(names: Iterable<string> = []): ScopeNames {
    const root = new ScopeNames();
    for (const name of names) root.add(name);
    return root;
  }

  /** A layer whose additions stay in it: the parent never sees them unless merged. */
  child(): ScopeNames {
    return new ScopeNames(this);
  }

  has(name: string): boolean {
    for (let layer: ScopeNames | undefined = this; layer; layer = layer.parent) {
      if (layer.own.has(name)) return true;
    }
    return false;
  }

  add(name: string): void {
    this.own.add(name);
  }

  /** Takes in what a child layer added (a parallel branch, once it has run). */
  merge(child: ScopeNames): void {
    for (const name of child.own) this.own.add(name);
  }

  *[Symbol.iterator](): Iterator<string> {
    if (this.parent) yield* this.parent;
    yield* this.own;
  }
}
