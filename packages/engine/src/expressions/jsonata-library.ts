import { createRequire } from 'node:module';
import type jsonata from 'jsonata';

let library: typeof jsonata | undefined;

/**
 * JSONata (one 300 KB CommonJS file) loads with the first expression compiled, not with the engine:
 * most imports of the engine compile none. Required, not imported: compiling is synchronous.
 */
export function jsonataLibrary(): typeof jsonata {
  library ??= createRequire(import.meta.url)('jsonata') as typeof jsonata;
  return library;
}
