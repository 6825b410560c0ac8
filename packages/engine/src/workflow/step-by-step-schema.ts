import { sharedAjv } from '@toolsteps/sdk/schema';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { type JsonSchema, plainJson, workflowJsonSchema } from './published-schema.js';

const STEP_REF = '#/$defs/WorkflowStep';

/**
 * The workflow schema cut at its steps: one validator for the workflow around its steps, one for a
 * step without the steps inside it. ajv copies every error collected so far after each failing `$ref`,
 * so thousands of failing steps in one pass cost the square of their number; one pass per step does not.
 */
export interface StepByStepValidators {
  workflow: ValidateFunction;
  step: ValidateFunction;
}

let validators: StepByStepValidators | undefined;

export function stepByStepValidators(): StepByStepValidators {
  if (validators) return validators;
  const whole = workflowJsonSchema();
  const defs = withoutStepRefs(plainJson(whole.$defs)) as JsonSchema;
  const step: JsonSchema = { $schema: whole.$schema, $ref: STEP_REF, $defs: defs };
  const ajv = sharedAjv();
  validators = { workflow: ajv.compile({ ...whole, $defs: defs }), step: ajv.compile(step) };
  return validators;
}

/** Every failure of a value against the workflow schema, in pointers relative to the document. */
export function shapeErrors(value: unknown): ErrorObject[] {
  const { workflow, step } = stepByStepValidators();
  const errors: ErrorObject[] = workflow(value) ? [] : [...(workflow.errors ?? [])];
  for (const [node, pointer] of stepsOf(objectOf(value)?.steps, '/steps')) {
    if (step(node)) continue;
    for (const error of step.errors ?? []) {
      errors.push({ ...error, instancePath: pointer + error.instancePath });
    }
  }
  return errors;
}

/** Steps wherever the schema expects them (top level, forEach bodies, parallel branches), even if malformed. */
function* stepsOf(list: unknown, pointer: string): Generator<[unknown, string]> {
  if (!Array.isArray(list)) return;
  for (const [index, node] of list.entries()) {
    const at = `${pointer}/${index}`;
    yield [node, at];
    const step = objectOf(node);
    yield* stepsOf(objectOf(step?.forEach)?.steps, `${at}/forEach/steps`);
    const parallel = step?.parallel;
    if (!Array.isArray(parallel)) continue;
    for (const [branch, steps] of parallel.entries()) yield* stepsOf(steps, `${at}/parallel/${branch}`);
  }
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The schema with every "a step goes here" replaced by "anything": steps are checked one by one. */
function withoutStepRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutStepRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  if ((schema as JsonSchema).$ref === STEP_REF) return true;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'const' || key === 'enum' ? value : withoutStepRefs(value),
    ]),
  );
}
