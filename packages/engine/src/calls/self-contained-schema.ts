import type { JsonSchema } from '../workflow/published-schema.js';

/**
 * A step's schema as plain JSON that stands alone, as a model's API takes it: TypeBox's symbols
 * gone, every `$ref` replaced by what it points at (a `Type.Ref` to a schema's `$id`, `#/$defs/…`,
 * `#/definitions/…`), and `$id`, `$schema`, `$defs`, `definitions` dropped. A reference that
 * points nowhere, or back into itself (a recursive schema has no finite copy), is refused naming
 * `where`.
 */
export function selfContainedSchema(schema: unknown, where: string): JsonSchema {
  const root = JSON.parse(JSON.stringify(schema ?? {})) as JsonSchema;
  const targets = new Map<string, JsonSchema>();
  collectTargets(root, targets);
  return inline(root, { targets, where, resolving: [] });
}

/** Keywords whose value maps names (chosen by the schema's author, `$ref` included) to schemas. */
export const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
/** Keywords whose value is a schema, or a list of schemas. */
export const SCHEMA_VALUES = [
  'items',
  'additionalItems',
  'additionalProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
];

interface Inlining {
  targets: ReadonlyMap<string, JsonSchema>;
  where: string;
  /** The references being inlined, outermost first: one met again is a cycle. */
  resolving: string[];
}

const DROPPED = new Set(['$id', '$schema', '$defs', 'definitions', '$anchor', '$comment']);

function collectTargets(schema: unknown, targets: Map<string, JsonSchema>): void {
  if (!isSchema(schema)) return;
  if (typeof schema.$id === 'string') targets.set(schema.$id, schema);
  for (const keyword of ['$defs', 'definitions']) {
    const defs = schema[keyword];
    if (!isSchema(defs)) continue;
    for (const [name, definition] of Object.entries(defs)) {
      if (isSchema(definition)) targets.set(`#/${keyword}/${name}`, definition);
    }
  }
  forEachSubschema(schema, (child) => collectTargets(child, targets));
}

function inline(schema: JsonSchema, context: Inlining): JsonSchema {
  if (typeof schema.$ref === 'string') {
    const { $ref, ...siblings } = schema;
    const target = context.targets.get($ref);
    if (target === undefined) {
      throw new Error(
        `The schema of ${context.where} refers to "${$ref}", which it does not define: define it in the schema (a Type.Module, or the referenced schema inside it)`,
      );
    }
    if (context.resolving.includes($ref)) {
      throw new Error(
        `The schema of ${context.where} refers to itself through "${$ref}": a tool schema must be finite, so describe the nested value without recursion`,
      );
    }
    const resolved = inline(target, { ...context, resolving: [...context.resolving, $ref] });
    // A reference's own keywords (a description given to Type.Ref) say more than the target's.
    return { ...resolved, ...inline(siblings, context) };
  }
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (DROPPED.has(keyword)) continue;
    copy[keyword] = mapSubschemas(keyword, value, (child) => inline(child, context));
  }
  return copy;
}

/** The value of `keyword` with each schema in it replaced by `change(schema)`; data as it is. */
export function mapSubschemas(
  keyword: string,
  value: unknown,
  change: (schema: JsonSchema) => JsonSchema,
): unknown {
  if (SCHEMA_MAPS.includes(keyword) && isSchema(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, child]) => [name, isSchema(child) ? change(child) : child]),
    );
  }
  if (!SCHEMA_VALUES.includes(keyword)) return value;
  if (Array.isArray(value)) return value.map((child) => (isSchema(child) ? change(child) : child));
  return isSchema(value) ? change(value) : value;
}

/** Calls `visit` with each schema directly inside `schema`. */
export function forEachSubschema(schema: JsonSchema, visit: (child: JsonSchema) => void): void {
  for (const [keyword, value] of Object.entries(schema)) {
    mapSubschemas(keyword, value, (child) => {
      visit(child);
      return child;
    });
  }
}

export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
