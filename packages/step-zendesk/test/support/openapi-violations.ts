import type { ErrorObject } from 'ajv';

/** How many violations one check lists: the first few say what is wrong; hundreds say nothing more. */
const MOST = 8;

/**
 * Ajv's errors as sentences a person can act on: where (a JSON pointer into the body), what was
 * expected, and what came. The noise of "X or null" wrappers (a `null` branch, the `anyOf` itself)
 * is left out: the branch that was meant says it better.
 */
export function describeErrors(what: string, errors: readonly ErrorObject[]): string[] {
  const sentences = errors
    .filter(
      (error) => error.keyword !== 'anyOf' && !(error.keyword === 'type' && error.params.type === 'null'),
    )
    .map((error) => `${what} ${sentence(error)}`);
  const unique = [...new Set(sentences)];
  return unique.length > MOST ? [...unique.slice(0, MOST), `${what}: ${unique.length - MOST} more`] : unique;
}

function sentence(error: ErrorObject): string {
  const at = error.instancePath === '' ? '(the whole body)' : error.instancePath;
  switch (error.keyword) {
    case 'required':
      return `${error.instancePath}/${error.params.missingProperty} is required but missing`;
    case 'type':
      return `${at} must be ${[error.params.type].flat().join(' or ')}, not ${shown(error.data)}`;
    case 'enum':
      return `${at} must be one of ${(error.params.allowedValues as unknown[]).map(show).join(', ')}, not ${show(error.data)}`;
    case 'additionalProperties':
      return `${error.instancePath}/${error.params.additionalProperty} is not allowed here`;
    case 'format':
      return `${at} must be a ${error.params.format}, not ${show(error.data)}`;
    default:
      return `${at} ${error.message}`;
  }
}

function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${show(value)}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
