// The schema helpers the sdk checks with and the engine shares, so both word a schema's errors alike:
// Ajv set up for JSON Schema 2020-12 with RE2 patterns, JSON pointers, and messages that describe values
// and suggest names. A step package needs none of them: its schemas are TypeBox (`Type`, from the root).
export * from '../cut-before-token.js';
export * from './create-ajv.js';
export * from './describe-schema-errors.js';
export * from './describe-value.js';
export * from './did-you-mean.js';
export * from './expression-pattern.js';
export * from './json-pointer.js';
export * from './json-schema.js';
export * from './re2-compile.js';
export * from './schema-error-owners.js';
export * from './schema-size.js';
