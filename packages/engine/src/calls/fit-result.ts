/** What was left out of a result too large to hand a model whole. */
export interface ResultCut {
  /** Size of the whole result, as JSON, in bytes. */
  originalBytes: number;
  /** Size of what was kept. */
  keptBytes: number;
  /** What was left out, by JSON pointer: `items 13–40 of /items`, `field /body (12,034 bytes)`. */
  omitted: string[];
  /** The same in one sentence for the model, with how to ask for the rest. */
  note: string;
}

/** A node of the result: where it is, and how to take part of it out. */
interface Found {
  pointer: string;
  bytes: number;
  container: unknown[] | Record<string, unknown>;
  key: number | string;
}

/** The most cuts tried before the rest is left out whole: each one walks the result once. */
const MAX_CUTS = 64;

/**
 * Cuts a result to at most `maxBytes` of JSON, at whole items and whole fields, never inside a
 * value: first the trailing items of the largest array (what a list or search answers most of),
 * then the largest fields, until it fits. Returns the result itself when it fits; otherwise a cut
 * copy and what was left out. `paging` names the arguments that ask for less (`per_page`, `page`…).
 */
export function fitResult(
  result: unknown,
  maxBytes: number,
  paging: readonly string[] = [],
): { result: unknown; cut?: ResultCut } {
  const originalBytes = jsonBytes(result);
  if (originalBytes <= maxBytes) return { result };
  let kept: unknown = structuredClone(result);
  const omitted: string[] = [];
  for (let cuts = 0; jsonBytes(kept) > maxBytes; cuts++) {
    if (cuts === MAX_CUTS || kept === null || typeof kept !== 'object') {
      omitted.push(`the whole result (${originalBytes.toLocaleString('en')} bytes)`);
      kept = null;
      break;
    }
    const total = jsonBytes(kept);
    const array = largest(kept as object, (node) => Array.isArray(node) && node.length > 0);
    if (array) {
      omitted.push(dropTrailingItems(array, total - maxBytes));
      continue;
    }
    const field = tightest(kept as object, total - maxBytes);
    if (!field) {
      omitted.push(`the whole result (${originalBytes.toLocaleString('en')} bytes)`);
      kept = null;
      break;
    }
    removeAt(field);
    omitted.push(`field ${field.pointer} (${field.bytes.toLocaleString('en')} bytes)`);
  }
  const keptBytes = jsonBytes(kept);
  const ask =
    paging.length > 0
      ? `ask for fewer (${paging.join(', ')}) or the next page`
      : 'ask for less (a narrower query)';
  const note = `The result was cut to ${maxBytes.toLocaleString('en')} bytes of its ${originalBytes.toLocaleString('en')}: left out ${omitted.join('; ')}. To see the rest, ${ask}.`;
  return { result: kept, cut: { originalBytes, keptBytes, omitted, note } };
}

/**
 * Drops items from the end of the array until `excess` bytes are gone (or none is left); an item's
 * share is its JSON and the comma before it.
 */
function dropTrailingItems(found: Found, excess: number): string {
  const array = (found.container as Record<string | number, unknown>)[found.key] as unknown[];
  const length = array.length;
  let freed = 0;
  let keep = length;
  while (keep > 0 && freed < excess) {
    keep--;
    freed += jsonBytes(array[keep]) + (keep > 0 ? 1 : 0);
  }
  array.length = keep;
  const dropped = length - keep;
  const place = found.pointer === '' ? 'the result' : found.pointer;
  return keep === 0
    ? `all ${length} items of ${place}`
    : `items ${keep + 1}–${length} of ${place} (${dropped} of ${length})`;
}

/** The largest value (as JSON) the test accepts, anywhere in `root`, `root` itself only when it is a list. */
function largest(root: object, accepts: (node: unknown) => boolean): Found | undefined {
  // The result is itself the list: its items are what to cut.
  if (Array.isArray(root) && accepts(root))
    return { pointer: '', bytes: jsonBytes(root), container: [root], key: 0 };
  let best: Found | undefined;
  for (const node of nodesOf(root)) {
    if (accepts(node.value) && (!best || node.bytes > best.bytes)) best = node;
  }
  return best;
}

/**
 * The field to leave out: the smallest one whose removal frees `excess` bytes on its own (an issue's
 * long body, not the issue holding it); when none is that large, the largest.
 */
function tightest(root: object, excess: number): Found | undefined {
  let smallestEnough: Found | undefined;
  let largestOne: Found | undefined;
  for (const node of nodesOf(root)) {
    if (node.bytes >= excess && (!smallestEnough || node.bytes < smallestEnough.bytes)) smallestEnough = node;
    if (!largestOne || node.bytes > largestOne.bytes) largestOne = node;
  }
  return smallestEnough ?? largestOne;
}

/** Every value below `root`, with its pointer and size. */
function nodesOf(root: object): Array<Found & { value: unknown }> {
  const nodes: Array<Found & { value: unknown }> = [];
  const pending: Array<{ container: unknown[] | Record<string, unknown>; pointer: string }> = [
    { container: root as Record<string, unknown>, pointer: '' },
  ];
  while (pending.length > 0) {
    const { container, pointer } = pending.pop() as (typeof pending)[number];
    const entries: Array<[number | string, unknown]> = Array.isArray(container)
      ? container.map((value, index) => [index, value])
      : Object.entries(container);
    for (const [key, value] of entries) {
      const at = `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      nodes.push({ pointer: at, bytes: jsonBytes(value), container, key, value });
      if (value !== null && typeof value === 'object')
        pending.push({ container: value as Record<string, unknown>, pointer: at });
    }
  }
  return nodes;
}

function removeAt(found: Found): void {
  if (Array.isArray(found.container)) found.container.splice(Number(found.key), 1);
  else delete found.container[found.key as string];
}

function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : Buffer.byteLength(text);
}
