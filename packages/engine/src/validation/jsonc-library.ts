import { createRequire } from 'node:module';
import type * as jsonc from 'jsonc-parser';

let library: typeof jsonc | undefined;

/**
 * jsonc-parser (its CommonJS build) loads with the first document parsed, not with the engine.
 * Required, not imported: parsing is synchronous.
 */
export function jsoncLibrary(): typeof jsonc {
  library ??= createRequire(import.meta.url)('jsonc-parser') as typeof jsonc;
  return library;
}
