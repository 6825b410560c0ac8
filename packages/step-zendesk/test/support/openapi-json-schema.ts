/**
 * Turns OpenAPI 3.0 schemas into JSON Schema (draft-07) that Ajv reads as the description means:
 * - `nullable: true` becomes `null` among the types (listed in an `enum` too); beside `allOf`,
 *   `anyOf` or a `$ref` with no `type`, the schema becomes "that, or null";
 * - OpenAPI-only keywords (`example`, `xml`, `discriminator`, `externalDocs`, `x-*`) are dropped.
 * `readOnly` and `writeOnly` stay: Ajv ignores them, the request-field check reads them.
 */
export function toJsonSchema<T>(node: T): T {
  if (Array.isArray(node)) return node.map(toJsonSchema) as T;
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) || key.startsWith('x-')) continue;
    // `properties` and `examples` hold names, not keywords: a property called `example` stays.
    copy[key] = key === 'properties' ? mapValues(value, toJsonSchema) : toJsonSchema(value);
  }
  if (copy.nullable !== true) {
    delete copy.nullable;
    return copy as T;
  }
  const { nullable: _nullable, ...rest } = copy;
  if (typeof rest.type === 'string') {
    const withNull: Record<string, unknown> = { ...rest, type: [rest.type, 'null'] };
    if (Array.isArray(rest.enum) && !rest.enum.includes(null)) withNull.enum = [...rest.enum, null];
    return withNull as T;
  }
  return { anyOf: [rest, { type: 'null' }] } as T;
}

const DROPPED = new Set(['example', 'xml', 'discriminator', 'externalDocs', 'deprecated']);

function mapValues(value: unknown, map: (item: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(item)]));
}
