import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * Draft 2020-12 with formats, every error, and the failing value and schema attached (for messages).
 * Schemas are not registered by `$id`, so integrations may reuse ids without clashing.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, addUsedSchema: false });
  addFormats(ajv);
  return ajv;
}
