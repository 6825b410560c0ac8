import { StepError, type TSchema } from '@toolsteps/sdk';
import { parsePointer, type SchemaViolation, schemaCheck } from '@toolsteps/sdk/schema';
import type { ExchangeLabel } from './response-error.js';

/** The message names the first few faults; details keep more, so a huge list answer stays a small error. */
const NAMED_IN_MESSAGE = 3;
const KEPT_IN_DETAILS = 20;

/**
 * Checks a 2xx answer against what the step reads (`HttpRequest.expect`). A field the API left out
 * becomes an `upstream` error naming the endpoint and the field's pointer, instead of a TypeError
 * deep in the step. Not retried: the same request gets the same answer. Validators are compiled once
 * per schema object (`schemaCheck` caches them), so a passing check costs microseconds.
 */
export function checkExpectedAnswer(schema: TSchema | undefined, body: unknown, label: ExchangeLabel): void {
  if (schema === undefined) return;
  const violations = schemaCheck(schema)(body);
  if (violations.length === 0) return;
  // The query is left out: the endpoint is what the user needs, and it may carry values.
  const path = label.relative.split('?')[0];
  const named = violations.slice(0, NAMED_IN_MESSAGE).map((violation) => described(violation, body));
  const more = violations.length - named.length;
  throw new StepError({
    code: 'upstream',
    retryable: false,
    message: `${label.integrationTitle} answered ${label.method} ${path} without what the step reads: ${named.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`,
    details: { method: label.method, path, violations: violations.slice(0, KEPT_IN_DETAILS) },
  });
}

/** `/user is missing` when the field is absent, else the pointer and what is wrong with it. */
function described({ pointer, message }: SchemaViolation, body: unknown): string {
  if (pointer === '') return `the body ${message}`;
  return valueAt(body, pointer) === undefined ? `${pointer} is missing` : `${pointer} ${message}`;
}

function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const key of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
