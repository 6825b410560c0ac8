import type { TSchema } from '@toolsteps/sdk';

/**
 * An object schema's properties, one line each (`name?: type  description`), as `describe` shows
 * them. With `depth` above 1, an object property's own properties follow it, indented: a trigger's
 * event is read by path (`$event.card.title`), so its nesting is what a user needs to see.
 */
export function schemaFields(schema: TSchema, depth = 1, indent = '  '): string[] {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  if (names.length === 0) return [`${indent}(${typeName(schema)})`];
  return names.flatMap((name) => {
    const property = properties[name];
    const note = property.description ? `  ${property.description}` : '';
    const line = `${indent}${name}${required.has(name) ? '' : '?'}: ${typeName(property)}${note}`;
    const nested = objectOf(property);
    return depth > 1 && nested ? [line, ...schemaFields(nested, depth - 1, `${indent}  `)] : [line];
  });
}

function typeName(schema: TSchema): string {
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return (schema.anyOf as TSchema[]).map(typeName).join(' | ');
  if (schema.type === 'array') return `${typeName((schema.items ?? {}) as TSchema)}[]`;
  return String(schema.type ?? 'any');
}

/**
 * The object schema whose properties a nested listing shows: the property's own, its array items',
 * or the one alternative that has fields (`object | null`, `string | object[]`).
 */
function objectOf(schema: TSchema): TSchema | undefined {
  const target = schema.type === 'array' ? ((schema.items ?? {}) as TSchema) : schema;
  if (hasFields(target)) return target;
  const withFields = ((target.anyOf as TSchema[] | undefined) ?? [])
    .map((branch) => (branch.type === 'array' ? ((branch.items ?? {}) as TSchema) : branch))
    .filter(hasFields);
  return withFields.length === 1 ? withFields[0] : undefined;
}

function hasFields(schema: TSchema): boolean {
  return schema.properties !== undefined && Object.keys(schema.properties).length > 0;
}
