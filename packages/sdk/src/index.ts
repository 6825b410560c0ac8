// What a step package is written against: steps, integrations, triggers, their errors, HTTP and
// account types, and TypeBox for schemas. Nothing here imports the engine (the engine re-exports this).
// Modules that hold only types are exported as types: importing the SDK loads no module for them.
export { CloneType, type Static, type TSchema, Type } from '@sinclair/typebox';
export * from './account.js';
export type * from './connect.js';
export type * from './credits.js';
export type * from './entitlement.js';
export * from './http.js';
export * from './integration.js';
export * from './logger.js';
export { requireCredential } from './require-credential.js';
export { PATTERN_HINT } from './schema/describe-schema-errors.js';
export { withOptions } from './schema-options.js';
export type * from './sent-write.js';
export * from './step.js';
export * from './step-error.js';
export * from './trigger.js';
