import type { TSchema } from '@sinclair/typebox';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { AnyStep } from '../../contracts/step.js';
import { isExpression } from '../../expressions/expression.js';
import { createAjv } from '../../validation/create-ajv.js';
import { escapePointer } from '../../validation/json-pointer.js';
import { describeSchemaErrors } from '../describe-schema-errors.js';
import type { Problem } from '../diagnostic.js';
import { ErrorOwners } from '../schema-error-owners.js';
import { type CheckInput, eachStep, wasRefused } from './each-step.js';

/** Failures decided by which keys or how many items are present, never by a value an expression gives. */
const SHAPE_ONLY = new Set([
  'required',
  'additionalProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'minItems',
  'maxItems',
]);

const ajv = createAjv();
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
    const validate = validatorOf(step);
    if (validate(args)) continue;
    const computed = holdersOfExpressions(args);
    const errors = validate.errors ?? [];
    const undecidable = errors.filter(
      (error: ErrorObject) => !SHAPE_ONLY.has(error.keyword) && computed.has(error.instancePath),
    );
    // A branch's "required" means nothing once its anyOf cannot be judged.
    const dropped = new Set(undecidable);
    const owners = new ErrorOwners(undecidable);
    const decidable = errors.filter((error) => !dropped.has(error) && !owners.owns(error));
    for (const message of describeSchemaErrors(decidable, `${pointer}/args`)) {
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
      validate = ajv.compile(step.input);
    } catch (error) {
      throw new Error(
        `The input schema of step "${step.id}" is not a valid JSON Schema: ${(error as Error).message}`,
      );
    }
    validators.set(step.input, validate);
  }
  return validate;
}

/**
 * Pointers (relative to args) of every `{% … %}` string, compiled or not, and of every value holding
 * one: a failure there may depend on what the expression gives. A set, so each failure is one look-up.
 */
function holdersOfExpressions(args: unknown): Set<string> {
  const holders = new Set<string>();
  const visit = (value: unknown, pointer: string): boolean => {
    let holds = isExpression(value);
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) holds = visit(item, `${pointer}/${index}`) || holds;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value))
        holds = visit(item, `${pointer}/${escapePointer(key)}`) || holds;
    }
    if (holds) holders.add(pointer);
    return holds;
  };
  visit(args, '');
  return holders;
}
