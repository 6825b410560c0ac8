import type { TSchema } from '@sinclair/typebox';
import { type SchemaViolation, schemaCheck } from '../sdk/schema/json-schema.js';

/** A shape error: where (JSON pointer) and what is wrong, never the offending value. */
export type ShapeProblem = SchemaViolation;

/** Checks a value against a TypeBox schema; returns the problems, empty when it fits. */
export function shapeProblems(schema: TSchema, value: unknown): ShapeProblem[] {
  return schemaCheck(schema)(value);
}
