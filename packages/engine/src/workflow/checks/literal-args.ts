import type { AnyStep, TSchema } from '@toolsteps/sdk';
import { sharedAjv } from '@toolsteps/sdk/schema';
import type { ValidateFunction } from 'ajv';
import type { Problem } from '../diagnostic.js';
import { type CheckInput, eachStep, wasRefused } from './each-step.js';
import { decidableSchemaMessages } from './literal-violations.js';

const validators = new WeakMap<TSchema, ValidateFunction>();

/**
 * The literal parts of each step's `args` against the step's input schema, at load time. A value
 * given by an expression is only known at run time, so nothing that depends on it is judged here.
 */
export function checkLiteralArgs({ workflow, registry, refused }: CheckInput): Problem[] {
  const problems: Problem[] = [];
  for (const { node, pointer } of eachStep(workflow.steps)) {
    const step = node.step === undefined ? undefined : registry.step(node.step);
    // Args that are not an object were reported by the schema; "missing owner" would only echo that.
    if (!step?.available || wasRefused(refused, `${pointer}/args`)) continue;
    const args = node.args ?? {};
    for (const message of decidableSchemaMessages(validatorOf(step), args, `${pointer}/args`)) {
      problems.push({
        code: 'invalid-args',
        pointer: message.pointer,
        locate: message.locate,
        at: message.at,
        message: `${message.message} (input of ${step.id})`,
      });
    }
  }
  return problems;
}

function validatorOf(step: AnyStep): ValidateFunction {
  let validate = validators.get(step.input);
  if (validate === undefined) {
    try {
      validate = sharedAjv().compile(step.input);
    } catch (error) {
      throw new Error(
        `The input schema of step "${step.id}" is not a valid JSON Schema: ${(error as Error).message}`,
      );
    }
    validators.set(step.input, validate);
  }
  return validate;
}
