import type { JsonSchema } from '../workflow/published-schema.js';
import { isSchema } from './self-contained-schema.js';

/** A schema whose top level is an object, as every model API wants a tool's arguments. */
export interface ObjectSchema {
  type: 'object';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [keyword: string]: unknown;
}

/** A schema as one object, and the alternatives it was made of, in words, when it was a choice. */
export interface OneObject {
  schema: ObjectSchema;
  /** E.g. `Give one of: (1) By ids: project_id, item_id…; (2) By names: owner, …`. */
  alternatives?: string;
}

/**
 * A self-contained schema as one object schema. An object stays as it is; a schema with no type
 * (any value) becomes an object of any fields. A choice of objects (`anyOf`/`oneOf`, as
 * github.update_project_item_status takes ids or names) becomes one object whose properties are
 * all the alternatives', required only where every alternative requires them, closed when every
 * alternative is; which fields go together is said in words. The looser schema is for the model:
 * the step's own schema still checks each call. Anything else (a list, a string) is no object:
 * undefined.
 */
export function oneObjectSchema(schema: JsonSchema): OneObject | undefined {
  if (schema.type === 'object') return { schema: schema as ObjectSchema };
  const branches = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(branches)) {
    if (branches.length === 0 || !branches.every((branch) => isSchema(branch) && branch.type === 'object'))
      return undefined;
    return mergedAlternatives(schema, branches as ObjectSchema[]);
  }
  if (schema.type === undefined && schema.const === undefined && schema.enum === undefined) {
    return { schema: { ...schema, type: 'object' } };
  }
  return undefined;
}

function mergedAlternatives(schema: JsonSchema, branches: ObjectSchema[]): OneObject {
  const { anyOf: _anyOf, oneOf: _oneOf, ...keywords } = schema;
  const variants = new Map<string, JsonSchema[]>();
  for (const branch of branches) {
    for (const [name, property] of Object.entries(branch.properties ?? {})) {
      const seen = variants.get(name) ?? [];
      if (!seen.some((variant) => sameJson(variant, property))) seen.push(property);
      variants.set(name, seen);
    }
  }
  const properties = Object.fromEntries(
    [...variants].map(([name, [first, ...others]]) => [
      name,
      others.length === 0 ? first : { anyOf: [first, ...others] },
    ]),
  );
  const required = [...variants.keys()].filter((name) =>
    branches.every((branch) => branch.required?.includes(name)),
  );
  const alternatives = `Give one of these sets of arguments: ${branches.map(describeBranch).join('; ')}.`;
  const description = [keywords.description, alternatives].filter(Boolean).join('. ');
  return {
    schema: {
      ...keywords,
      type: 'object',
      description,
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(branches.every((branch) => branch.additionalProperties === false)
        ? { additionalProperties: false }
        : {}),
    },
    alternatives,
  };
}

/** `(1) By ids: project_id, item_id, field_id, option_id`, optional fields after "optionally". */
function describeBranch(branch: ObjectSchema, index: number): string {
  const names = Object.keys(branch.properties ?? {});
  const required = names.filter((name) => branch.required?.includes(name));
  const optional = names.filter((name) => !branch.required?.includes(name));
  const title = typeof branch.title === 'string' ? `${branch.title}: ` : '';
  const fields = [required.join(', '), optional.length > 0 ? `optionally ${optional.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  return `(${index + 1}) ${title}${fields || 'no fields'}`;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
