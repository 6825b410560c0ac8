import type { JsonSchema } from './published-schema.js';

const EXPRESSION_REF = { $ref: '#/$defs/Expression' };
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs'] as const;
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SCHEMA_SLOTS = [
  'additionalProperties',
  'items',
  'then',
  'else',
  'contains',
  'unevaluatedProperties',
] as const;

/**
 * A step input schema as an editor should check `args`: any value inside may instead be a
 * `{% … %}` expression (known only at run time), while required keys and literal values still count.
 */
export function allowExpressionsInside(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const copy: JsonSchema = { ...(schema as JsonSchema) };
  // An inlined schema keeps no identity of its own: it lives under the catalog schema's `$defs`.
  delete copy.$id;
  delete copy.$schema;
  for (const key of SCHEMA_MAPS) {
    const map = copy[key];
    if (map !== null && typeof map === 'object') {
      copy[key] = Object.fromEntries(
        Object.entries(map).map(([name, value]) => [
          name,
          key === '$defs' ? allowExpressionsInside(value) : orExpression(value),
        ]),
      );
    }
  }
  for (const key of SCHEMA_LISTS) {
    const list = copy[key];
    if (Array.isArray(list))
      copy[key] = list.map(key === 'prefixItems' ? orExpression : allowExpressionsInside);
  }
  for (const key of SCHEMA_SLOTS) {
    const slot = copy[key];
    if (slot !== null && typeof slot === 'object') {
      copy[key] = key === 'then' || key === 'else' ? allowExpressionsInside(slot) : orExpression(slot);
    }
  }
  return copy;
}

function orExpression(schema: unknown): unknown {
  if (typeof schema === 'boolean') return schema;
  return { anyOf: [EXPRESSION_REF, allowExpressionsInside(schema)] };
}
