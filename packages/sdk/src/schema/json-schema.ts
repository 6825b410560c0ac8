import type { ErrorObject, ValidateFunction } from 'ajv';
import { sharedAjv } from './create-ajv.js';
import { describeSchemaErrors, patternRule } from './describe-schema-errors.js';
import { escapePointer } from './json-pointer.js';
import { expandedSchemaSize } from './schema-size.js';

export interface SchemaViolation {
  /** JSON pointer into the validated value. */
  pointer: string;
  message: string;
}

export type SchemaCheck = (value: unknown) => SchemaViolation[];

/**
 * The validators of one schema object (step inputs, outputs, run inputs), cached: one that stops at
 * the first failure, and one that collects them all, for messages.
 */
interface Validators {
  first: ValidateFunction;
  every?: ValidateFunction;
  /** Subschemas applied to one value, `$ref`s followed (see `expandedSchemaSize`). */
  size: number;
}

const cache = new WeakMap<object, Validators>();

/**
 * Collecting every error costs up to (subschemas × values checked), and ajv copies the errors
 * gathered so far at each failing `$ref`: past this many pairs only the first failure is reported,
 * so a schema that fans out, or a huge failing value, cannot exhaust memory or time.
 */
export const EVERY_ERROR_BUDGET = 20_000;

function validatorsOf(schema: object): Validators {
  let validators = cache.get(schema);
  if (validators === undefined) {
    const measured = expandedSchemaSize(schema, EVERY_ERROR_BUDGET);
    const size = 'size' in measured ? measured.size : EVERY_ERROR_BUDGET + 1;
    validators = { first: sharedAjv({ allErrors: false }).compile(schema), size };
    cache.set(schema, validators);
  }
  return validators;
}

/** Compiles (once per schema object) a check that returns the violations with their pointers. */
export function schemaCheck(schema: object): SchemaCheck {
  const errorsOf = schemaErrors(schema);
  return (value) => {
    const errors = errorsOf(value);
    if (errors.length === 0) return [];
    // With alternatives, report the branch the value was meant for, not every branch's complaints.
    if (!errors.some((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf')) {
      return errors.map(toViolation);
    }
    return describedViolations(errors);
  };
}

/**
 * Like `schemaCheck`, in the words `validate` uses, each with the value it got (`must be a whole
 * number (got "seven")`): for what a user wrote or passed, such as step args and run input.
 */
export function describedSchemaCheck(schema: object): SchemaCheck {
  const errorsOf = schemaErrors(schema);
  return (value) => describedViolations(errorsOf(value));
}

/** ajv's errors for `value`, every one when that stays cheap, else the first; none when it fits. */
function schemaErrors(schema: object): (value: unknown) => ErrorObject[] {
  const validators = validatorsOf(schema);
  return (value) => {
    if (validators.first(value)) return [];
    if (validators.size * valuesIn(value, EVERY_ERROR_BUDGET) > EVERY_ERROR_BUDGET)
      return validators.first.errors ?? [];
    validators.every ??= sharedAjv().compile(schema);
    validators.every(value);
    return validators.every.errors ?? [];
  };
}

/** A missing property is pointed at where it belongs, so the error's field names it. */
function describedViolations(errors: readonly ErrorObject[]): SchemaViolation[] {
  return describeSchemaErrors(errors).map((described) =>
    described.missing === undefined
      ? { pointer: described.locate ?? described.pointer, message: described.message }
      : {
          pointer: `${described.pointer}/${escapePointer(described.missing)}`,
          message: `is required (missing "${described.missing}")`,
        },
  );
}

/** How many JSON values `value` holds (itself included), counted without recursion up to past `most`. */
function valuesIn(value: unknown, most: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count <= most) {
    const item = pending.pop();
    count += 1;
    if (item !== null && typeof item === 'object')
      for (const child of Object.values(item)) pending.push(child);
  }
  return count;
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
