import type { ErrorObject, ValidateFunction } from 'ajv';
import { describeSchemaErrors, patternRule } from '../workflow/describe-schema-errors.js';
import { createAjv } from './create-ajv.js';
import { escapePointer } from './json-pointer.js';

export interface SchemaViolation {
  /** JSON pointer into the validated value. */
  pointer: string;
  message: string;
}

export type SchemaCheck = (value: unknown) => SchemaViolation[];

/** One ajv for step inputs, outputs and run inputs: compiled validators are cached per schema object. */
const ajv = createAjv();

const cache = new WeakMap<object, ValidateFunction>();

/** Compiles (once per schema object) a check that returns every violation with its pointer. */
export function schemaCheck(schema: object): SchemaCheck {
  const compiled = cache.get(schema) ?? ajv.compile(schema);
  cache.set(schema, compiled);
  return (value) => {
    if (compiled(value)) return [];
    const errors = compiled.errors ?? [];
    // With alternatives, report the branch the value was meant for, not every branch's complaints.
    if (!errors.some((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')) {
      return errors.map(toViolation);
    }
    return describeSchemaErrors(errors).map((described) =>
      described.missing === undefined
        ? { pointer: described.locate ?? described.pointer, message: described.message }
        : {
            pointer: `${described.pointer}/${escapePointer(described.missing)}`,
            message: `is required (missing "${described.missing}")`,
          },
    );
  };
}

export function toViolation(error: ErrorObject): SchemaViolation {
  const pointer = error.instancePath;
  switch (error.keyword) {
    case 'required':
      return {
        pointer: `${pointer}/${escapePointer(error.params.missingProperty)}`,
        message: `is required (missing "${error.params.missingProperty}")`,
      };
    case 'additionalProperties':
      return {
        pointer: `${pointer}/${escapePointer(error.params.additionalProperty)}`,
        message: `is not a known property ("${error.params.additionalProperty}")`,
      };
    case 'pattern':
      return { pointer, message: patternRule(error.parentSchema, error.params.pattern) };
    case 'enum':
      return {
        pointer,
        message: `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    default:
      return { pointer, message: error.message ?? `fails "${error.keyword}"` };
  }
}

/** `"/priority must be one of …; /subject is required"`, for one-line errors. */
export function describeViolations(violations: SchemaViolation[], prefix = ''): string {
  return violations.map((v) => `${prefix}${v.pointer || '/'} ${v.message}`).join('; ');
}
