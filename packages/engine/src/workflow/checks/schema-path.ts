import { parsePointer, withArticle } from '@toolsteps/sdk/schema';

type Node = Record<string, unknown>;

/** Arrays of arrays deeper than this are not stepped into: no event nests lists so, and a recursive schema would never end. */
const MAX_NESTING = 32;

/**
 * What a name a schema does not declare means: `absent`, the schema says what a reader may rely on
 * (an event, a step's result), so an undeclared name is a mistake; `allowed`, JSON Schema's own
 * reading (any name may be there unless `additionalProperties` is false).
 */
export type UndeclaredNames = 'absent' | 'allowed';

/** Where a path leads: the schemas its value may follow, or `open` when the schema no longer says. */
export interface PathFound {
  ok: true;
  /** The schemas the value at the end may match; empty when `open`. */
  schemas: readonly Node[];
  open: boolean;
  /** Whether a field was read across an array (JSONata maps over its items, so the value may be a list). */
  acrossArray: boolean;
}

/** The first field that cannot be there, and what its parent offers instead. */
export interface PathBroken {
  ok: false;
  /** Index of the field in the path. */
  index: number;
  /** Names the parent declares, for a did-you-mean. */
  known: string[];
  /** The parent's types when none of them is an object, e.g. `['string']`: nothing has fields. */
  scalar?: string[];
  /** The parent is a list (JSONata reads the field of each item): `scalar` are its items' types. */
  inList?: true;
}

/**
 * Follows field names through a JSON Schema the way JSONata reads data: `$ref`s resolved, every
 * branch of `anyOf`/`oneOf`/`allOf` tried, arrays stepped through to their items. Undecidable
 * schemas (unresolved refs, no type) leave the path open rather than guess.
 */
export function followSchemaPath(
  root: unknown,
  fields: readonly string[],
  undeclared: UndeclaredNames = 'absent',
): PathFound | PathBroken {
  let current = expand(root, root);
  let acrossArray = false;
  for (const [index, name] of fields.entries()) {
    if (current.open) return { ok: true, schemas: [], open: true, acrossArray };
    // JSONata reads a field of every item of an array, however nested: the items stand in for it.
    const candidates: Node[] = [];
    let inList = false;
    let pending = current.nodes;
    for (let depth = 0; pending.length > 0 && depth < MAX_NESTING; depth++) {
      candidates.push(...pending.filter((node) => typesOf(node)?.some((type) => type !== 'array')));
      const arrays = pending.filter((node) => typesOf(node)?.includes('array'));
      if (arrays.length === 0) break;
      inList = true;
      acrossArray = true;
      const inside = arrays.flatMap((node) => itemSchemas(node)).map((item) => expand(item, root));
      if (inside.some((expanded) => expanded.open)) return { ok: true, schemas: [], open: true, acrossArray };
      pending = inside.flatMap((expanded) => expanded.nodes);
    }
    const next: Expanded = { nodes: [], open: false };
    for (const node of candidates) {
      const child = fieldOf(node, name, undeclared);
      if (child === undefined) continue;
      const expanded = expand(child, root);
      next.open ||= expanded.open;
      next.nodes.push(...expanded.nodes);
    }
    if (!next.open && next.nodes.length === 0) return broken(index, candidates, inList);
    current = next;
  }
  return current.open
    ? { ok: true, schemas: [], open: true, acrossArray }
    : { ok: true, schemas: current.nodes, open: false, acrossArray };
}

/** The JSON types a value at the end of a path may have, or undefined when the schemas do not say. */
export function typesAt(found: PathFound): Set<string> | undefined {
  if (found.open || found.acrossArray) return undefined;
  const types = new Set<string>();
  for (const schema of found.schemas) {
    const own = typesOf(schema);
    if (own === undefined) return undefined;
    for (const type of own) types.add(type);
  }
  return types.size === 0 ? undefined : types;
}

interface Expanded {
  nodes: Node[];
  open: boolean;
}

/** A schema and its branches, refs followed, as the plain object schemas a value must match one of. */
function expand(schema: unknown, root: unknown): Expanded {
  const out: Expanded = { nodes: [], open: false };
  const seen = new Set<unknown>();
  // `constrains`: a branch of a schema with types of its own only narrows it (`anyOf: [{ required: … }]`).
  const pending: Array<{ item: unknown; constrains: boolean }> = [{ item: schema, constrains: false }];
  while (pending.length > 0 && !out.open) {
    const { item, constrains } = pending.pop() as { item: unknown; constrains: boolean };
    if (item === false || seen.has(item)) continue;
    if (item === true || item === null || typeof item !== 'object' || Array.isArray(item)) {
      out.open ||= !constrains;
      continue;
    }
    seen.add(item);
    const node = item as Node;
    const own = typesOf(node);
    const typed = own !== undefined || constrains;
    if (typeof node.$ref === 'string') {
      const target = resolveRef(node.$ref, root);
      if (target === undefined) out.open ||= !typed;
      else pending.push({ item: target, constrains: typed });
    }
    const branches = [node.anyOf, node.oneOf, node.allOf].filter(Array.isArray).flat();
    for (const branch of branches) pending.push({ item: branch, constrains: typed });
    if (own !== undefined) out.nodes.push(node);
    // Only annotations (`{}`, a description): any value at all.
    else if (!constrains && branches.length === 0 && typeof node.$ref !== 'string') out.open = true;
  }
  return out;
}

function typesOf(node: Node): string[] | undefined {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.map(String);
  if (node.properties || node.patternProperties || node.additionalProperties !== undefined) return ['object'];
  if (node.items !== undefined || node.prefixItems !== undefined) return ['array'];
  if (node.const !== undefined) return [jsonType(node.const)];
  if (Array.isArray(node.enum) && node.enum.length > 0) return [...new Set(node.enum.map(jsonType))];
  return undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;
}

function itemSchemas(node: Node): unknown[] {
  const items: unknown[] = Array.isArray(node.prefixItems) ? [...node.prefixItems] : [];
  if (node.items !== undefined && node.items !== false) items.push(node.items);
  return items.length === 0 ? [true] : items;
}

/** The schema of field `name` of an object schema; undefined when the object cannot have it. */
function fieldOf(node: Node, name: string, undeclared: UndeclaredNames): unknown {
  if (!typesOf(node)?.includes('object')) return undefined;
  const properties = (node.properties ?? {}) as Node;
  if (Object.hasOwn(properties, name)) return properties[name];
  const patterns = (node.patternProperties ?? {}) as Node;
  for (const [pattern, schema] of Object.entries(patterns)) {
    if (matches(pattern, name)) return schema;
  }
  const additional = node.additionalProperties;
  if (additional === false) return undefined;
  if (additional !== undefined) return additional;
  const declaresNames = Object.keys(properties).length > 0 || Object.keys(patterns).length > 0;
  return undeclared === 'allowed' || !declaresNames ? true : undefined;
}

function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    // A pattern this engine cannot read cannot rule the name out.
    return true;
  }
}

function broken(index: number, parents: readonly Node[], inList: boolean): PathBroken {
  const known = parents.flatMap((node) => Object.keys((node.properties ?? {}) as Node));
  const objects = parents.filter((node) => typesOf(node)?.includes('object'));
  const result: PathBroken = { ok: false, index, known: [...new Set(known)] };
  if (inList) result.inList = true;
  if (objects.length === 0) result.scalar = [...new Set(parents.flatMap((node) => typesOf(node) ?? []))];
  return result;
}

/** `#/…` pointers into the root, and the bare names TypeBox modules use for their `$defs`. */
function resolveRef(ref: string, root: unknown): unknown {
  if (root === null || typeof root !== 'object') return undefined;
  if (ref === '#') return root;
  if (ref.startsWith('#/')) {
    let node: unknown = root;
    let pointer: string;
    try {
      pointer = decodeURIComponent(ref.slice(1));
    } catch {
      return undefined;
    }
    for (const segment of parsePointer(pointer)) {
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
      node = (node as Node)[segment];
    }
    return node;
  }
  const defs = ((root as Node).$defs ?? {}) as Node;
  if (Object.hasOwn(defs, ref)) return defs[ref];
  return Object.values(defs).find((def) => (def as Node | null)?.$id === ref);
}

/** Why `field` cannot be read at `parent`, where `followSchemaPath` found only plain values (`scalar`). */
export function noFieldsIn(
  parent: string,
  scalar: readonly string[],
  inList: boolean | undefined,
  field: string,
): string {
  return inList
    ? `${parent} is a list of ${scalar.map((type) => `${type}s`).join(' or ')}: they have no "${field}"`
    : `${parent} is ${scalar.map((type) => withArticle(type)).join(' or ')}: it has no "${field}"`;
}
