/**
 * OpenAI's rules for a strict function's parameters (Structured Outputs, "Supported schemas"),
 * checked apart from the code that writes them: the types and keywords it supports, every object
 * closed with all its properties required, the root an object, and its size limits.
 */
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const KEYWORDS = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'anyOf',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);
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

type Schema = Record<string, unknown>;

/** What breaks the rules in `parameters`, one line each, by path; empty when nothing does. */
export function strictRuleBreaks(parameters: Schema): string[] {
  const breaks: string[] = [];
  const totals = { properties: 0, enumValues: 0 };
  if (parameters.type !== 'object' || parameters.anyOf !== undefined)
    breaks.push('(root): not an object schema');
  walk(parameters, '(root)', 1, breaks, totals);
  if (totals.properties > 5000) breaks.push(`${totals.properties} properties, over 5,000`);
  if (totals.enumValues > 1000) breaks.push(`${totals.enumValues} enum values, over 1,000`);
  return breaks;
}

function walk(
  node: Schema,
  path: string,
  depth: number,
  breaks: string[],
  totals: { properties: number; enumValues: number },
): void {
  for (const keyword of Object.keys(node)) {
    if (!KEYWORDS.has(keyword)) breaks.push(`${path}: keyword ${keyword} is not supported`);
  }
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  for (const type of types) if (!TYPES.has(type as string)) breaks.push(`${path}: type ${String(type)}`);
  if (types.length === 0 && node.enum === undefined && node.anyOf === undefined)
    breaks.push(`${path}: no type (any value)`);
  if (typeof node.format === 'string' && !FORMATS.has(node.format))
    breaks.push(`${path}: format ${node.format}`);
  if (Array.isArray(node.enum)) totals.enumValues += node.enum.length;
  if (Array.isArray(node.anyOf)) {
    for (const [index, branch] of node.anyOf.entries())
      walk(branch as Schema, `${path}/anyOf/${index}`, depth, breaks, totals);
  }
  if (node.items !== undefined) walk(node.items as Schema, `${path}/items`, depth, breaks, totals);
  if (types.includes('object')) {
    if (depth > 10) breaks.push(`${path}: nested deeper than 10 levels`);
    if (node.additionalProperties !== false) breaks.push(`${path}: additionalProperties is not false`);
    const properties = (node.properties ?? {}) as Record<string, Schema>;
    const names = Object.keys(properties);
    const required = Array.isArray(node.required) ? node.required : [];
    if (names.length !== required.length || !names.every((name) => required.includes(name)))
      breaks.push(
        `${path}: required ${JSON.stringify(required)} is not every property ${JSON.stringify(names)}`,
      );
    for (const name of names) {
      totals.properties += 1;
      walk(properties[name], `${path}/${name}`, depth + 1, breaks, totals);
    }
  }
}
