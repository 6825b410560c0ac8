import type { TSchema } from '@toolsteps/sdk';
import { type SchemaViolation, schemaCheck } from '@toolsteps/sdk/schema';

/** A shape error: where (JSON pointer) and what is wrong, never the offending value. */
export type ShapeProblem = SchemaViolation;

/** Checks a value against a TypeBox schema; returns the problems, empty when it fits. */
export function shapeProblems(schema: TSchema, value: unknown): ShapeProblem[] {
  return schemaCheck(schema)(value);
}
