import type { TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new WeakMap<TSchema, ValidateFunction>();

/** A shape error: where (JSON pointer) and what is wrong, never the offending value. */
export interface ShapeProblem {
  pointer: string;
  message: string;
}

/** Checks a value against a TypeBox schema; returns the problems, empty when it fits. */
export function shapeProblems(schema: TSchema, value: unknown): ShapeProblem[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(toProblem);
}

function toProblem(error: ErrorObject): ShapeProblem {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty !== undefined) {
    return {
      pointer: `${error.instancePath}/${escapePointer(params.missingProperty)}`,
      message: 'is required',
    };
  }
  if (error.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    return {
      pointer: `${error.instancePath}/${escapePointer(params.additionalProperty)}`,
      message: 'is not a known property',
    };
  }
  return { pointer: error.instancePath, message: error.message ?? 'is not valid' };
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
