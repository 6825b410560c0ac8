import { PATTERN_HINT } from '@toolsteps/sdk';
import type { JsonSchema } from '../workflow/published-schema.js';
import { acceptsNull } from './nulls-as-absent.js';
import type { ObjectSchema } from './one-object-schema.js';
import { isSchema } from './self-contained-schema.js';

/**
 * OpenAI's strict mode (Structured Outputs), as its guide's "Supported schemas" says (the
 * guide as of late 2025): types string, number, integer, boolean, object, array, null, `enum` and `anyOf`; for
 * strings `pattern` and `format` (date-time, time, date, duration, email, hostname, ipv4, ipv6,
 * uuid); for numbers `multipleOf`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`;
 * for arrays `minItems`, `maxItems`. Every object lists all its properties in `required` and has
 * `additionalProperties: false`; the root is an object, not an `anyOf`; at most 10 levels of
 * nesting, 5,000 properties, 1,000 enum values. Not supported: `minLength`, `maxLength`,
 * `uniqueItems`, `minProperties`, `maxProperties`, `patternProperties`, `propertyNames`, `allOf`,
 * `not`, `if`/`then`/`else`, `contains`, and (unlisted) `oneOf`, `const`, `default`, `title`.
 */
const FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
const KEPT = [
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
];
const REFUSED = ['allOf', 'not', 'if', 'then', 'else', 'contains', 'patternProperties', 'propertyNames'];
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;

/** The strict form of a tool's arguments, or why they have none. */
export type StrictForm = { schema: ObjectSchema } | { refused: string };

/**
 * A tool's standard object schema in OpenAI's strict form. Optional properties become required and
 * nullable: a strict model sends `null` for what it leaves out, and `engine.call` reads a null the
 * step does not allow as absent. Constraints strict mode lacks (lengths, unique items, a pattern
 * with lookaround) are dropped and said in the property's description: `engine.call` still checks
 * them against the step's schema. Refused, with the reason: what strict mode cannot say (free-form
 * objects and values of any type, as `api_call`'s body; maps, as a gist's files), and an optional
 * property whose `null` means something (null unassigns): a strict model could not leave it out.
 */
export function strictForm(schema: ObjectSchema): StrictForm {
  const budget = { properties: 0, enumValues: 0 };
  try {
    const strict = strictNode(schema, '', 1, budget) as ObjectSchema;
    if (budget.properties > MAX_PROPERTIES)
      throw new NotStrict(`it has more than ${MAX_PROPERTIES} properties`);
    if (budget.enumValues > MAX_ENUM_VALUES)
      throw new NotStrict(`it has more than ${MAX_ENUM_VALUES} enum values`);
    return { schema: strict };
  } catch (error) {
    if (error instanceof NotStrict) return { refused: error.message };
    throw error;
  }
}

class NotStrict extends Error {}

interface Budget {
  properties: number;
  enumValues: number;
}

function strictNode(node: JsonSchema, path: string, depth: number, budget: Budget): JsonSchema {
  const at = path === '' ? 'the arguments' : path;
  for (const keyword of REFUSED) {
    if (node[keyword] !== undefined) throw new NotStrict(`${at} use ${keyword}, which strict mode lacks`);
  }
  const words: string[] = [];
  const out: JsonSchema = {};
  const branches = node.anyOf ?? node.oneOf;
  if (Array.isArray(branches)) {
    out.anyOf = branches.map((branch) => strictNode(branch as JsonSchema, path, depth, budget));
    return described(out, node, words);
  }
  if (node.const !== undefined) out.enum = [node.const];
  if (Array.isArray(node.enum)) out.enum = node.enum;
  if (Array.isArray(out.enum)) budget.enumValues += out.enum.length;
  if (node.type === undefined && out.enum === undefined)
    throw new NotStrict(`${at} take any JSON value, which strict mode cannot describe`);
  if (node.type !== undefined) out.type = node.type;
  stringKeywords(node, out, words);
  for (const keyword of KEPT) if (node[keyword] !== undefined) out[keyword] = node[keyword];
  if (node.uniqueItems === true) words.push('no duplicates');
  if (node.default !== undefined) words.push(`default ${JSON.stringify(node.default)}`);
  if (node.type === 'array' || node.items !== undefined) {
    if (!isSchema(node.items))
      throw new NotStrict(`${at} is a list of any values, which strict mode cannot describe`);
    out.items = strictNode(node.items, `${path}[]`, depth, budget);
  }
  if (node.type === 'object') objectKeywords(node, out, words, { at, path, depth, budget });
  return described(out, node, words);
}

function stringKeywords(node: JsonSchema, out: JsonSchema, words: string[]): void {
  const { minLength, maxLength, pattern, format } = node;
  const lengths = lengthWords(minLength, maxLength);
  if (lengths !== undefined) words.push(lengths);
  if (typeof pattern === 'string') {
    if (supportedPattern(pattern)) out.pattern = pattern;
    else if (typeof node[PATTERN_HINT] === 'string') words.push(node[PATTERN_HINT] as string);
    else words.push(`matching the regular expression ${pattern}`);
  }
  if (typeof format === 'string') {
    if (FORMATS.has(format)) out.format = format;
    else words.push(`${format} format`);
  }
}

function objectKeywords(
  node: JsonSchema,
  out: JsonSchema,
  words: string[],
  { at, path, depth, budget }: { at: string; path: string; depth: number; budget: Budget },
): void {
  if (depth > MAX_DEPTH) throw new NotStrict(`${at} are nested deeper than ${MAX_DEPTH} levels`);
  const properties = isSchema(node.properties) ? node.properties : {};
  const names = Object.keys(properties);
  if (isSchema(node.additionalProperties) || (names.length === 0 && node.additionalProperties !== false))
    throw new NotStrict(`${at} take fields of any name, which strict mode cannot describe`);
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const strictProperties: Record<string, JsonSchema> = {};
  for (const name of names) {
    const property = properties[name] as JsonSchema;
    const strict = strictNode(property, `${path}/${name}`, depth + 1, budget);
    budget.properties += 1;
    if (required.has(name)) {
      strictProperties[name] = strict;
      continue;
    }
    if (acceptsNull(property)) {
      throw new NotStrict(
        `${path}/${name} is optional and null means something for it, so a strict model could not leave it out`,
      );
    }
    strictProperties[name] = nullable(strict);
  }
  out.properties = strictProperties;
  out.required = names;
  out.additionalProperties = false;
  const { minProperties, maxProperties } = node;
  if (typeof minProperties === 'number') words.push(`at least ${minProperties} of these fields not null`);
  if (typeof maxProperties === 'number') words.push(`at most ${maxProperties} of these fields not null`);
}

/** `T` or null, its description outside so the model reads it whichever it sends. */
function nullable(schema: JsonSchema): JsonSchema {
  const { description, ...rest } = schema;
  const onlyBranches = Array.isArray(rest.anyOf) && Object.keys(rest).length === 1;
  const branches = onlyBranches ? (rest.anyOf as JsonSchema[]) : [rest];
  return { ...(description === undefined ? {} : { description }), anyOf: [...branches, { type: 'null' }] };
}

/** The node's description, with the constraints strict mode dropped said in words after it. */
function described(out: JsonSchema, node: JsonSchema, words: string[]): JsonSchema {
  const said = typeof node.description === 'string' ? node.description : '';
  if (words.length === 0) return said === '' ? out : { description: said, ...out };
  const added = words.join('; ');
  const description = said === '' ? added[0].toUpperCase() + added.slice(1) : `${said} (${added})`;
  return { description, ...out };
}

function lengthWords(min: unknown, max: unknown): string | undefined {
  const low = typeof min === 'number' && min > 0 ? min : undefined;
  const high = typeof max === 'number' ? max : undefined;
  if (low !== undefined && high !== undefined) return `${low} to ${high} characters`;
  if (high !== undefined) return `at most ${high} characters`;
  if (low === undefined) return undefined;
  return low === 1 ? 'not empty' : `at least ${low} characters`;
}

/**
 * The guide names no regular expression dialect: a pattern with lookaround or backreferences, which
 * constrained decoders commonly cannot run, is dropped rather than risk the request being refused.
 * Of the `(?` constructs only non-capturing groups `(?:` are kept.
 */
function supportedPattern(pattern: string): boolean {
  return !/\(\?(?!:)/.test(pattern) && !/\\[1-9]|\\k</.test(pattern);
}
