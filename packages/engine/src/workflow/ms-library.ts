import { createRequire } from 'node:module';
import type ms from 'ms';

let library: typeof ms | undefined;

/** ms loads with the first duration read or written, not with the engine. Required: it is synchronous. */
export function msLibrary(): typeof ms {
  library ??= createRequire(import.meta.url)('ms') as typeof ms;
  return library;
}
