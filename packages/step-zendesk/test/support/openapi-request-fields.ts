import { dereference, type OpenApiDocument } from './openapi-document.js';

interface SchemaNode {
  $ref?: string;
  type?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  allOf?: SchemaNode[];
  items?: SchemaNode;
  readOnly?: boolean;
}

/**
 * What schema validation lets through in a request body and Zendesk would silently ignore: names
 * its schemas do not document (a misspelt `subjet`), and read-only fields (`id`, `created_at`),
 * which OpenAPI says a request must not send. Zendesk's schemas leave `additionalProperties` unset
 * nearly everywhere, so without this a typo passes. Reads the description as written (raw refs,
 * `allOf` merged); `anyOf`/`oneOf` branches are not guessed between.
 */
export function requestFieldProblems(document: OpenApiDocument, schema: unknown, body: unknown): string[] {
  const problems: string[] = [];
  walk(document, schema as SchemaNode, body, '', problems);
  return problems;
}

function walk(
  document: OpenApiDocument,
  given: SchemaNode,
  value: unknown,
  path: string,
  problems: string[],
): void {
  const schema = dereference(document, given);
  if (schema === undefined || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items !== undefined)
      for (const [index, item] of value.entries()) walk(document, items, item, `${path}/${index}`, problems);
    return;
  }
  const { properties, additionalProperties } = merged(document, schema);
  if (properties === undefined) return;
  for (const [name, item] of Object.entries(value)) {
    const where = `${path}/${name}`;
    const property = properties[name] === undefined ? undefined : dereference(document, properties[name]);
    if (property === undefined) {
      if (additionalProperties === undefined || additionalProperties === false)
        problems.push(`${where} is not a documented field`);
      else if (typeof additionalProperties === 'object')
        walk(document, additionalProperties, item, where, problems);
      continue;
    }
    if (property.readOnly === true)
      problems.push(`${where} is read-only: Zendesk sets it, a request must not`);
    walk(document, property, item, where, problems);
  }
}

/** The properties an object schema documents, its `allOf` parts included. */
function merged(
  document: OpenApiDocument,
  schema: SchemaNode,
): Pick<SchemaNode, 'properties' | 'additionalProperties'> {
  let properties = schema.properties;
  let additionalProperties = schema.additionalProperties;
  for (const part of schema.allOf ?? []) {
    const inner = merged(document, dereference(document, part));
    if (inner.properties) properties = { ...inner.properties, ...properties };
    additionalProperties ??= inner.additionalProperties;
  }
  return { properties, additionalProperties };
}
