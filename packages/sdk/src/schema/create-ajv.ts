import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import { re2Patterns } from './re2-pattern.js';

interface AjvLibrary {
  Ajv2020: typeof Ajv2020;
  addFormats: typeof addFormatsModule.default;
}

let library: AjvLibrary | undefined;

/**
 * Ajv and its formats (about 90 CommonJS modules) load with the first schema compiled, not with the
 * package: importing a step package or the engine compiles none. Required, not imported: compiling
 * is synchronous.
 */
function ajvLibrary(): AjvLibrary {
  if (library === undefined) {
    const require = createRequire(import.meta.url);
    const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    // ajv-formats is CommonJS: its callable export is the module itself.
    const addFormats = require('ajv-formats') as typeof addFormatsModule.default;
    library = { Ajv2020, addFormats };
  }
  return library;
}

export interface AjvOptions {
  /** Collect every error (for messages) rather than stop at the first; default true. */
  allErrors?: boolean;
  /** What a `pattern` RE2 cannot run becomes: a native RegExp (trusted schemas) or a compile error. */
  unsupportedPatterns?: 'native' | 'throw';
}

/**
 * Draft 2020-12 with formats, the failing value and schema attached (for messages), and patterns on
 * RE2. Schemas are not registered by `$id`, so integrations may reuse ids without clashing.
 */
export function createAjv(options: AjvOptions = {}): Ajv2020 {
  const { Ajv2020, addFormats } = ajvLibrary();
  const ajv = new Ajv2020({
    allErrors: options.allErrors ?? true,
    verbose: true,
    strict: false,
    addUsedSchema: false,
    code: { regExp: re2Patterns(options.unsupportedPatterns ?? 'native') },
  });
  addFormats(ajv);
  return ajv;
}

const shared = new Map<string, Ajv2020>();

/**
 * The process's ajv with these options, made the first time it is asked for. Every check with the
 * same options shares it: an ajv compiles the JSON Schema meta-schema before its first schema (tens
 * of milliseconds), once per instance.
 */
export function sharedAjv(options: AjvOptions = {}): Ajv2020 {
  const key = `${options.allErrors ?? true}/${options.unsupportedPatterns ?? 'native'}`;
  let ajv = shared.get(key);
  if (ajv === undefined) {
    ajv = createAjv(options);
    shared.set(key, ajv);
  }
  return ajv;
}
