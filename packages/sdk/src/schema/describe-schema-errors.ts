import type { ErrorObject } from 'ajv';
import { describeSchema, listOf, preview } from './describe-value.js';
import { didYouMean, nearestKey } from './did-you-mean.js';
import { ErrorOwners } from './schema-error-owners.js';

/** One ajv failure in words, located by pointer (and, for a property name, by `locate`). */
export interface SchemaMessage {
  keyword: string;
  pointer: string;
  message: string;
  /** The value at `pointer`. */
  data: unknown;
  /** Where to point when it differs from `pointer`: the offending property of an object. */
  locate?: string;
  at?: 'key';
  /** The name a did-you-mean proposed, if any. */
  suggestion?: string;
  /** For a missing property: its name. */
  missing?: string;
}

const COMBINATORS = new Set(['anyOf', 'oneOf']);
/** Failures that mean "not this kind of value at all", as opposed to a right kind that is wrong inside. */
const KIND_MISMATCH = new Set(['type', 'const', 'enum', 'pattern', 'format']);

/**
 * Turns ajv's errors (allErrors + verbose) into one message per real problem: the branches of an
 * `anyOf` are folded into the branch that fits the value, or into one "must be A or B" message.
 */
export function describeSchemaErrors(errors: readonly ErrorObject[], base = ''): SchemaMessage[] {
  const combinators = errors.filter((error) => COMBINATORS.has(error.keyword));
  const owners = new ErrorOwners(combinators);
  const owned = new Map<ErrorObject, ErrorObject[]>(combinators.map((combinator) => [combinator, []]));
  const messages: SchemaMessage[] = [];
  const listed = new Set(errors.filter((error) => error.keyword === 'enum').map((error) => sameRule(error)));
  for (const error of errors) {
    const ownersOfError = owners.of(error);
    for (const owner of ownersOfError) owned.get(owner)?.push(error);
    if (ownersOfError.length > 0 || COMBINATORS.has(error.keyword) || error.keyword === 'if') continue;
    // "must be one of …" already says what "must be a string" would.
    if (error.keyword === 'type' && listed.has(sameRule(error))) continue;
    messages.push(describeOne(error, base));
  }
  for (const combinator of combinators) {
    if (owners.owns(combinator)) continue;
    messages.push(...describeCombinator(combinator, owned.get(combinator) ?? [], base));
  }
  return messages;
}

/** Errors of one value under one schema share this key. */
function sameRule(error: ErrorObject): string {
  return `${error.instancePath} ${error.schemaPath.slice(0, error.schemaPath.lastIndexOf('/'))}`;
}

function describeCombinator(combinator: ErrorObject, owned: ErrorObject[], base: string): SchemaMessage[] {
  const pointer = base + combinator.instancePath;
  if (combinator.keyword === 'oneOf' && owned.length === 0) {
    const message = 'matches more than one of the allowed forms; make it match exactly one';
    return [{ keyword: 'oneOf', pointer, message, data: combinator.data }];
  }
  const branches = new Map<string, ErrorObject[]>();
  for (const error of owned) {
    const branch = error.schemaPath.slice(combinator.schemaPath.length + 1).split('/')[0];
    const list = branches.get(branch);
    if (list) list.push(error);
    else branches.set(branch, [error]);
  }
  const fitting = [...branches.values()]
    .filter((errors) =>
      errors.every(
        (error) => error.instancePath !== combinator.instancePath || !KIND_MISMATCH.has(error.keyword),
      ),
    )
    .sort((a, b) => a.length - b.length);
  if (fitting.length > 0) return describeSchemaErrors(fitting[0], base);
  const options = (Array.isArray(combinator.schema) ? combinator.schema : []).map((schema) =>
    describeSchema(schema),
  );
  const message = `must be ${listOf(options, 'or')} (got ${preview(combinator.data)})`;
  return [{ keyword: combinator.keyword, pointer, message, data: combinator.data }];
}

function describeOne(error: ErrorObject, base: string): SchemaMessage {
  const pointer = base + error.instancePath;
  const params = error.params as Record<string, any>;
  const got = `(got ${preview(error.data)})`;
  const plain = (message: string): SchemaMessage => ({
    keyword: error.keyword,
    pointer,
    message,
    data: error.data,
  });
  switch (error.keyword) {
    case 'required':
      return {
        ...plain(`missing required property "${params.missingProperty}"`),
        missing: params.missingProperty,
      };
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return unknownProperty(error, pointer, params.additionalProperty ?? params.unevaluatedProperty);
    case 'type':
      return plain(`must be ${describeSchema({ type: params.type })} ${got}`);
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((value) => JSON.stringify(value));
      const hint =
        typeof error.data === 'string'
          ? didYouMean(error.data, (params.allowedValues as unknown[]).map(String))
          : '';
      return plain(`must be one of ${listOf(allowed, 'or')} ${got}${hint}`);
    }
    case 'const':
      return plain(`must be ${JSON.stringify(params.allowedValue)} ${got}`);
    case 'pattern':
      return plain(`${patternRule(error.parentSchema, params.pattern)} ${got}`);
    case 'format':
      return plain(`must be a valid ${params.format} ${got}`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return plain(`must be ${params.comparison} ${params.limit} ${got}`);
    case 'multipleOf':
      return plain(`must be a multiple of ${params.multipleOf} ${got}`);
    case 'minLength':
      return plain(`must be at least ${count(params.limit, 'character')} long ${got}`);
    case 'maxLength':
      return plain(`must be at most ${count(params.limit, 'character')} long`);
    case 'minItems':
      return plain(`must have at least ${count(params.limit, 'item')}`);
    case 'maxItems':
      return plain(`must have at most ${count(params.limit, 'item')}`);
    case 'minProperties':
      return plain(`must have at least ${count(params.limit, 'property', 'properties')}`);
    case 'maxProperties':
      return plain(`must have at most ${count(params.limit, 'property', 'properties')}`);
    case 'uniqueItems':
      return plain(`must not repeat items (items ${params.j} and ${params.i} are equal)`);
    case 'dependentRequired':
      return plain(`"${params.property}" also needs "${params.missingProperty}"`);
    case 'propertyNames':
      return plain(`property name "${params.propertyName}" is not allowed`);
    case 'not':
    case 'false schema':
      return plain('is not allowed here');
    default:
      return plain(error.message ?? `fails the "${error.keyword}" rule`);
  }
}

function unknownProperty(error: ErrorObject, pointer: string, name: string): SchemaMessage {
  const schema = (error.parentSchema ?? {}) as Record<string, any>;
  const locate = `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  const known = Object.keys(schema.properties ?? {});
  const patterns = Object.keys(schema.patternProperties ?? {});
  if (known.length === 0 && patterns.length > 0) {
    const message = `"${name}" is not an allowed name here (names must match ${patterns.join(' or ')})`;
    return { keyword: error.keyword, pointer, locate, at: 'key', message, data: error.data };
  }
  const suggestion = nearestKey(name, known);
  const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
  const allowed = hint || known.length === 0 ? '' : ` (allowed: ${known.join(', ')})`;
  return {
    keyword: error.keyword,
    pointer,
    locate,
    at: 'key',
    message: `unknown property "${name}"${hint}${allowed}`,
    data: error.data,
    suggestion,
  };
}

function count(limit: number, noun: string, plural = `${noun}s`): string {
  return `${limit} ${limit === 1 ? noun : plural}`;
}

/**
 * A schema may say in words what its pattern asks (`x-pattern-hint`): "one path segment, without
 * "/", "?" or ".."" helps more than the regular expression itself.
 */
export function patternRule(schema: unknown, pattern: string): string {
  const hint = (schema as Record<string, unknown> | undefined)?.[PATTERN_HINT];
  return typeof hint === 'string' ? `must be ${hint}` : `must match the pattern ${pattern}`;
}

export const PATTERN_HINT = 'x-pattern-hint';
