import type { Evaluation } from './evaluation.js';
import { HIGHER_ORDER } from './higher-order.js';
import { MATCHERS } from './matchers.js';
import { jsonataNatives, type NativeFunction } from './natives.js';

/**
 * The functions a compiled program finds by name when no frame or binding has it: JSONata's library,
 * its async built-ins replaced by synchronous ones (which carry the engine's bounds themselves), `$now`
 * and `$millis` reading the evaluation's timestamp, and the caller's own built-ins over them.
 */

/** Built-ins that are async in JSONata: the compiler's synchronous versions stand in for them. */
const OWN_VERSIONS: ReadonlySet<string> = new Set([...Object.keys(HIGHER_ORDER), ...Object.keys(MATCHERS)]);

interface Focus {
  environment: { base: Evaluation };
}

const own = {
  ...HIGHER_ORDER,
  ...MATCHERS,
  // As JSONata binds them on each expression: the time the evaluation started, formatted or not.
  now(this: Focus, picture?: unknown, timezone?: unknown) {
    const fromMillis = jsonataNatives().get('fromMillis') as NativeFunction;
    return fromMillis.implementation(this.environment.base.timestamp.getTime(), picture, timezone);
  },
  millis(this: Focus) {
    return this.environment.base.timestamp.getTime();
  },
} as Record<string, (this: any, ...args: any[]) => unknown>;

let plain: ReadonlyMap<string, unknown> | undefined;
const withBuiltins = new WeakMap<object, ReadonlyMap<string, unknown>>();

/** The library, shadowed by `builtins` (one map per builtins object, built once). */
export function libraryFor(builtins?: Record<string, unknown>): ReadonlyMap<string, unknown> {
  plain ??= jsonataLibraryMap();
  if (!builtins) return plain;
  let library = withBuiltins.get(builtins);
  if (!library) {
    const shadowed = new Map(plain);
    for (const [name, value] of Object.entries(builtins)) {
      if (!OWN_VERSIONS.has(name)) shadowed.set(name, value);
    }
    library = shadowed;
    withBuiltins.set(builtins, library);
  }
  return library;
}

function jsonataLibraryMap(): ReadonlyMap<string, unknown> {
  const library = new Map<string, unknown>();
  for (const [name, native] of jsonataNatives()) {
    // `$eval` would compile and run new code: a program that calls it is not compiled.
    if (name === 'eval') continue;
    const replaced = Object.hasOwn(own, name);
    library.set(
      name,
      replaced ? { _jsonata_function: true, implementation: own[name], signature: native.signature } : native,
    );
  }
  return library;
}
