/**
 * A module-resolution hook (`register(data-URL of this, { data: { file } })`) that appends every URL
 * a process resolves to `file`: what a fresh process loads, for tests of what loads on first use.
 */
export const RESOLVE_RECORDING_HOOK = `
  import { appendFileSync } from 'node:fs';
  let file;
  export function initialize(data) { file = data.file; }
  export async function resolve(specifier, context, next) {
    const resolved = await next(specifier, context);
    appendFileSync(file, resolved.url + '\\n');
    return resolved;
  }`;
