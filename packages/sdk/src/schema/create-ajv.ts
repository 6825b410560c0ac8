import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { re2Patterns } from './re2-pattern.js';

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

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
