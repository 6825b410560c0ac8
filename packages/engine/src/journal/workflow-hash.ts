import { createHash } from 'node:crypto';

/** One hash per loaded workflow: a workflow run many times is hashed once. */
const hashes = new WeakMap<object, string>();

/**
 * The sha256 of a workflow's canonical JSON (keys sorted): the version that ran. The definition,
 * not the file's text, because it is what the engine compiled; reformatting the file changes nothing.
 */
export function workflowHash(definition: unknown): string {
  const cacheable = typeof definition === 'object' && definition !== null;
  const known = cacheable ? hashes.get(definition) : undefined;
  if (known !== undefined) return known;
  const hash = createHash('sha256').update(canonicalJson(definition)).digest('hex');
  if (cacheable) hashes.set(definition, hash);
  return hash;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
