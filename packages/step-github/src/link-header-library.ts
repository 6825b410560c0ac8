import { createRequire } from 'node:module';
import type LinkHeader from 'http-link-header';

let library: typeof LinkHeader | undefined;

/**
 * http-link-header (CommonJS) loads with the first `Link` header read, not with the steps: most
 * imports of the package follow no page. Required, not imported: parsing is synchronous.
 */
export function linkHeaderLibrary(): typeof LinkHeader {
  library ??= createRequire(import.meta.url)('http-link-header') as typeof LinkHeader;
  return library;
}
