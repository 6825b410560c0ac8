import { pointerOfPlace } from '@toolsteps/sdk/schema';

/**
 * How deep JSON from outside may nest. Parsers, validators and our own walks recurse once per
 * level, so a crafted `[[[[…` would overflow the stack; no workflow or run input needs this many.
 */
export const MAX_JSON_DEPTH = 256;

/**
 * The offset of the `[` or `{` that opens one level more than `maxDepth`, found by a plain scan of
 * the text (strings skipped) before anything recursive reads it; undefined when within the limit.
 */
export function tooDeepAt(text: string, maxDepth = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      depth++;
      if (depth > maxDepth) return index;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      depth--;
    }
  }
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Keys JavaScript does not keep as data: copied into a plain object, `__proto__` is dropped or replaces its prototype. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__']);

export interface UnsafeValue {
  pointer: string;
  problem: 'too-deep' | 'unsafe-key';
}

/**
 * The first place in an already parsed value (run input handed over in code, or parsed by the CLI)
 * nested deeper than `maxDepth` or holding an unsafe key, found without recursion.
 */
export function unsafeJsonValue(value: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeValue | undefined {
  interface Entry {
    value: unknown;
    depth: number;
    key?: string;
    parent?: Entry;
  }
  const pending: Entry[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const entry = pending.pop() as Entry;
    if (entry.value === null || typeof entry.value !== 'object') continue;
    const depth = entry.depth + 1;
    if (depth > maxDepth) return { pointer: pointerOfPlace(entry), problem: 'too-deep' };
    for (const key of Object.keys(entry.value)) {
      const child = { value: (entry.value as Record<string, unknown>)[key], depth, key, parent: entry };
      if (UNSAFE_KEYS.has(key)) return { pointer: pointerOfPlace(child), problem: 'unsafe-key' };
      pending.push(child);
    }
  }
  return undefined;
}
