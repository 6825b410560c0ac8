import {
  describeSchemaErrors,
  ErrorOwners,
  listOf,
  preview,
  type SchemaMessage,
} from '@toolsteps/sdk/schema';
import type { ErrorObject } from 'ajv';
import type { Problem } from './diagnostic.js';
import { shapeErrors } from './step-by-step-schema.js';

const STEP_KINDS = ['step', 'forEach', 'parallel'] as const;
const KIND_KEYS: ReadonlySet<string> = new Set([...STEP_KINDS, 'assign']);

export interface ShapeCheck {
  problems: Problem[];
  /** Pointers of the values (unknown properties included) the schema refused; a missing one is not among them. */
  refused: Set<string>;
}

/** Phase 2: the value against the published workflow schema, every failure in words. */
export function checkShape(value: unknown): ShapeCheck {
  const errors = shapeErrors(value);
  if (errors.length === 0) return { problems: [], refused: new Set() };
  const stepKind = errors.filter(isStepKindError);
  const kinds = new Set(stepKind);
  const owners = new ErrorOwners(stepKind);
  const rest = errors.filter((error) => !kinds.has(error) && !owners.owns(error));
  const messages = describeSchemaErrors(rest);
  const refused = new Set(
    messages
      .filter((message) => message.missing === undefined)
      .map((message) => (message.at === 'key' ? (message.locate ?? message.pointer) : message.pointer)),
  );
  return { problems: [...messages.map(toProblem), ...stepKindProblems(stepKind, messages)], refused };
}

/** The `anyOf`/`not` pair on WorkflowStep that says a step is exactly one kind of thing. */
function isStepKindError(error: ErrorObject): boolean {
  const schema = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
  return (
    (error.keyword === 'anyOf' || error.keyword === 'not') &&
    schema?.properties?.forEach !== undefined &&
    schema.properties.parallel !== undefined
  );
}

function toProblem(message: SchemaMessage): Problem {
  if (/\/forEach\/items$/.test(message.pointer) && message.keyword === 'anyOf') {
    return {
      code: 'foreach-items',
      pointer: message.pointer,
      message: `forEach.items must be an array or a {% … %} expression that yields one (got ${preview(message.data)})`,
    };
  }
  if (/\/catch\/\d+\/on\/\d+$/.test(message.pointer) && message.data === '*') {
    return {
      code: 'shape',
      pointer: message.pointer,
      message: '"*" is not an error code to list: write "on": "*" (not in a list) to catch every error code',
    };
  }
  return {
    code: message.at === 'key' ? 'unknown-property' : 'shape',
    pointer: message.pointer,
    locate: message.locate,
    at: message.at,
    message: message.message,
  };
}

function stepKindProblems(errors: ErrorObject[], messages: SchemaMessage[]): Problem[] {
  const problems: Problem[] = [];
  const misspeltKinds = new Set(
    messages.filter((message) => KIND_KEYS.has(message.suggestion ?? '')).map((message) => message.pointer),
  );
  for (const error of errors) {
    // `required` holds for anything but an object, so `not` fails there too: "must be an object" says it all.
    if (error.data === null || typeof error.data !== 'object' || Array.isArray(error.data)) continue;
    if (error.keyword === 'not') {
      const present = STEP_KINDS.filter((key) => Object.hasOwn(error.data as object, key));
      problems.push({
        code: 'step-kind',
        pointer: error.instancePath,
        message: `a step is one kind of thing, but this one has ${listOf(
          present.map((key) => `"${key}"`),
          'and',
        )}; split it into separate steps`,
      });
    } else if (error.keyword === 'anyOf') {
      // "stpe" already got a did-you-mean pointing at "step": saying the step kind is missing adds nothing.
      if (misspeltKinds.has(error.instancePath)) continue;
      problems.push({
        code: 'step-kind',
        pointer: error.instancePath,
        message:
          'a step needs one of "step" (a catalog step), "forEach" (a loop), "parallel" (branches) or "assign"',
      });
    }
  }
  return problems;
}
