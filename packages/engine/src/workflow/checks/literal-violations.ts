import { describeSchemaErrors, ErrorOwners, escapePointer, type SchemaMessage } from '@toolsteps/sdk/schema';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isExpression } from '../../expressions/expression.js';

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

/**
 * The failures of a value holding `{% … %}` strings against a schema that hold whatever those
 * expressions give: literal values that break it, required keys that are absent, unknown keys. A
 * value given by an expression is only known at run time, so nothing that depends on it is judged.
 * Pointers are `base` plus the place in `value`.
 */
export function decidableSchemaMessages(
  validate: ValidateFunction,
  value: unknown,
  base: string,
): SchemaMessage[] {
  if (validate(value)) return [];
  const computed = holdersOfExpressions(value);
  const errors = validate.errors ?? [];
  const undecidable = errors.filter(
    (error: ErrorObject) => !SHAPE_ONLY.has(error.keyword) && computed.has(error.instancePath),
  );
  // A branch's "required" means nothing once its anyOf cannot be judged.
  const dropped = new Set(undecidable);
  const owners = new ErrorOwners(undecidable);
  const decidable = errors.filter((error) => !dropped.has(error) && !owners.owns(error));
  return describeSchemaErrors(decidable, base);
}

/**
 * Pointers (relative to the value) of every `{% … %}` string, compiled or not, and of every value
 * holding one: a failure there may depend on what the expression gives. A set, so each failure is one look-up.
 */
function holdersOfExpressions(value: unknown): Set<string> {
  const holders = new Set<string>();
  const visit = (node: unknown, pointer: string): boolean => {
    let holds = isExpression(node);
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) holds = visit(item, `${pointer}/${index}`) || holds;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node))
        holds = visit(item, `${pointer}/${escapePointer(key)}`) || holds;
    }
    if (holds) holders.add(pointer);
    return holds;
  };
  visit(value, '');
  return holders;
}
