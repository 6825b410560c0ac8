/**
 * Values looked up one name at a time, when an expression starts: a run's scope (variables, loop
 * locals, `$input`, `$run`, `$steps`) answers from where it keeps them, so nothing is copied per
 * evaluation and no object gains a property per variable (V8 is slow to grow an object that is
 * another's prototype, and a long run would grow one per step).
 */
export abstract class NameLookup {
  /** The value bound to `name`, or undefined when nothing is. */
  abstract lookup(name: string): unknown;
}

/** What an expression reads its `$name` values from: a plain record, or a live lookup. */
export type Bindings = Readonly<Record<string, unknown>> | NameLookup;

export function boundValue(bindings: Bindings, name: string): unknown {
  return bindings instanceof NameLookup ? bindings.lookup(name) : bindings[name];
}

/** The bindings named, as they are now (read through a lookup or a record's prototypes), into a small fresh object. */
export function picked(bindings: Bindings, names: readonly string[]): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  const lookup = bindings instanceof NameLookup ? bindings : undefined;
  for (const name of names) {
    const value = lookup ? lookup.lookup(name) : (bindings as Record<string, unknown>)[name];
    if (value !== undefined) own[name] = value;
  }
  return own;
}
