import { escapePointer, parsePointer } from './json-pointer.js';

/** Why a schema's size cannot be bounded from its text, at the pointer (inside the schema) that says so. */
export interface UnboundedSchema {
  pointer: string;
  reason: string;
}

export type SchemaSize = { size: number } | { unbounded: UnboundedSchema };

/**
 * How many subschemas a validator walks for one value once every `$ref` is followed: refs are
 * expanded in place, each target measured once (so `allOf: [$ref d, $ref d]`, nested, counts the
 * doubling without doing it). Counting stops past `most`. With `selfReferences: 'refuse'`, a ref
 * that reaches itself, or one that is not a `#/…` pointer, leaves the size unbounded.
 */
export function expandedSchemaSize(
  root: unknown,
  most: number,
  selfReferences: 'count-once' | 'refuse' = 'count-once',
): SchemaSize {
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  let unbounded: UnboundedSchema | undefined;

  // A loop over a stack, not recursion: a schema's nesting is bounded, a chain of refs is not.
  interface Frame {
    node: object;
    pointer: string;
    children: Child[];
    next: number;
    size: number;
  }
  const enter = (node: object, pointer: string): Frame => {
    open.add(node);
    // Arrays (`allOf: […]`) only hold subschemas: they are not one themselves.
    return { node, pointer, children: childrenOf(node, pointer), next: 0, size: Array.isArray(node) ? 0 : 1 };
  };
  const stack: Frame[] = [];
  if (root !== null && typeof root === 'object') stack.push(enter(root, ''));
  let result = 1;
  while (stack.length > 0 && unbounded === undefined) {
    const frame = stack[stack.length - 1];
    if (frame.next < frame.children.length && frame.size <= most) {
      const [child, pointer, ref] = frame.children[frame.next++];
      let target = child;
      let at = pointer;
      if (ref !== undefined) {
        const resolved = resolve(root, ref);
        if (resolved === undefined) {
          if (selfReferences === 'refuse')
            unbounded = {
              pointer,
              reason: `"$ref": ${JSON.stringify(ref)} is not a "#/…" pointer into this schema`,
            };
          continue;
        }
        [target, at] = resolved;
      }
      if (target === null || typeof target !== 'object') continue;
      const known = sizes.get(target);
      if (known !== undefined) {
        frame.size += known;
        continue;
      }
      if (open.has(target)) {
        if (selfReferences === 'refuse')
          unbounded = {
            pointer,
            reason: `"$ref": ${JSON.stringify(ref)} refers to a schema that holds it: recursive schemas are not allowed here`,
          };
        frame.size += 1;
        continue;
      }
      stack.push(enter(target, at));
      continue;
    }
    stack.pop();
    open.delete(frame.node);
    sizes.set(frame.node, frame.size);
    if (stack.length > 0) stack[stack.length - 1].size += frame.size;
    else result = frame.size;
  }
  return unbounded ? { unbounded } : { size: Math.min(result, most + 1) };
}

/** Definitions are not applied where they stand, only where a `$ref` uses them. */
const NOT_APPLIED = new Set(['$ref', '$defs', 'definitions']);

/** Subschemas and the rest of the schema's objects alike: counting a `const` or `enum` value too only errs high. */
function childrenOf(node: object, pointer: string): Child[] {
  const children: Child[] = Object.entries(node)
    .filter(([key]) => Array.isArray(node) || !NOT_APPLIED.has(key))
    .map(([key, child]) => [child, `${pointer}/${escapePointer(key)}`]);
  // A `$ref` applies its target here, beside the node's other keywords.
  const ref = Array.isArray(node) ? undefined : (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') children.push([undefined, `${pointer}/$ref`, ref]);
  return children;
}

/** A subschema and where it stands, or (with `ref`) the `$ref` whose target is applied there. */
type Child = [value: unknown, pointer: string, ref?: string];

function resolve(root: unknown, ref: string): [unknown, string] | undefined {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  let node = root;
  for (const segment of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return [node, pointer];
}
