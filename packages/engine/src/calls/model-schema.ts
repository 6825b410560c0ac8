import type { JsonSchema } from '../workflow/published-schema.js';
import { mapSubschemas } from './self-contained-schema.js';

/**
 * The keywords a tool schema keeps: JSON Schema's own, meaning the same in draft-07 and 2020-12
 * (what OpenAI, Anthropic and MCP clients read). Extensions (`x-pattern-hint`) and anything else
 * are dropped: a model's API may refuse a keyword it does not know, and a client's validator does.
 */
const STANDARD = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
]);

/**
 * A self-contained schema with only standard keywords, at every depth. Every constraint stays: the
 * model sees what `engine.call` will check.
 */
export function standardSchema(schema: JsonSchema): JsonSchema {
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!STANDARD.has(keyword)) continue;
    copy[keyword] = mapSubschemas(keyword, value, standardSchema);
  }
  return copy;
}
