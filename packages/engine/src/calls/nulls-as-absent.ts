type Schema = Record<string, unknown>;

/**
 * A model in strict mode sends every property, `null` for the optional ones it leaves out (OpenAI's
 * strict tools make all of them required and nullable). Such a `null` where the step's schema does
 * not allow one means "absent": it is dropped, in objects at any depth, before the arguments are
 * checked. A `null` the schema allows (clearing a milestone, say) stays. Returns `args` itself when
 * nothing is dropped, else a copy of what changed.
 */
export function nullsAsAbsent(schema: Schema, args: unknown): unknown {
  if (Array.isArray(args)) {
    const items = inAlternatives(schema, (branch) => branch.items);
    if (items === undefined) return args;
    const kept = args.map((item) => nullsAsAbsent(items, item));
    return kept.some((item, index) => item !== args[index]) ? kept : args;
  }
  if (args === null || typeof args !== 'object') return args;
  let changed = false;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const property = inAlternatives(schema, (branch) =>
      isSchema(branch.properties) ? branch.properties[key] : undefined,
    );
    if (property === undefined) {
      kept[key] = value;
    } else if (value === null && !acceptsNull(property)) {
      changed = true;
    } else {
      kept[key] = value === null ? null : nullsAsAbsent(property, value);
      changed ||= kept[key] !== value;
    }
  }
  return changed ? kept : args;
}

/**
 * What `pick` finds in `schema` and in its alternatives (`anyOf`, `oneOf`, `allOf`, at any depth):
 * one schema as it is, several as a choice of them. A step that takes ids or names (a top-level
 * `anyOf`) has its properties there, and a strict model sends null for the other alternative's.
 */
function inAlternatives(schema: Schema, pick: (schema: Schema) => unknown): Schema | undefined {
  const found: Schema[] = [];
  const visit = (node: Schema): void => {
    const picked = pick(node);
    if (isSchema(picked)) found.push(picked);
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = node[keyword];
      if (Array.isArray(branches)) for (const branch of branches) if (isSchema(branch)) visit(branch);
    }
  };
  visit(schema);
  return found.length <= 1 ? found[0] : { anyOf: found };
}

/** Whether `null` can pass `schema`: said outright (type, const, enum, a branch), or nothing constrains it. */
export function acceptsNull(schema: Schema): boolean {
  const type = schema.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (schema.const === null) return true;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) return branches.some((branch) => isSchema(branch) && acceptsNull(branch));
  }
  return (
    type === undefined && schema.const === undefined && schema.allOf === undefined && schema.not === undefined
  );
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
