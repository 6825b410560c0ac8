import type { ErrorObject } from 'ajv';
import { isWithin } from './json-pointer.js';

/**
 * Whether an error comes from one of a combinator's branches. Paths alone can mislead (ajv restarts
 * schema paths inside recursive refs), so the branch schema is walked to the error's own schema.
 */
export function ownedBy(error: ErrorObject, combinator: ErrorObject): boolean {
  if (error === combinator || !isWithin(error.instancePath, combinator.instancePath)) return false;
  if (!error.schemaPath.startsWith(`${combinator.schemaPath}/`)) return false;
  const segments = error.schemaPath
    .slice(combinator.schemaPath.length + 1)
    .split('/')
    .slice(0, -1);
  let node: unknown = combinator.schema;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[decodeSegment(segment)];
  }
  return node === error.parentSchema;
}

/**
 * Combinator errors (`anyOf`, `not`…) filed by the value they judged. An error can only be owned by
 * one judging its own value or an ancestor, so finding its owners walks up its path instead of
 * trying every combinator: with thousands of failing steps, that keeps describing them linear.
 */
export class ErrorOwners {
  private readonly byPath = new Map<string, ErrorObject[]>();

  constructor(combinators: Iterable<ErrorObject>) {
    for (const combinator of combinators) {
      const list = this.byPath.get(combinator.instancePath);
      if (list) list.push(combinator);
      else this.byPath.set(combinator.instancePath, [combinator]);
    }
  }

  /** The combinators whose branches `error` comes from, innermost value first. */
  of(error: ErrorObject): ErrorObject[] {
    const owners: ErrorObject[] = [];
    for (let path: string | undefined = error.instancePath; path !== undefined; path = parentOf(path)) {
      for (const combinator of this.byPath.get(path) ?? []) {
        if (ownedBy(error, combinator)) owners.push(combinator);
      }
    }
    return owners;
  }

  /** Whether any combinator owns `error`. */
  owns(error: ErrorObject): boolean {
    for (let path: string | undefined = error.instancePath; path !== undefined; path = parentOf(path)) {
      if (this.byPath.get(path)?.some((combinator) => ownedBy(error, combinator))) return true;
    }
    return false;
  }
}

function parentOf(pointer: string): string | undefined {
  return pointer === '' ? undefined : pointer.slice(0, pointer.lastIndexOf('/'));
}

function decodeSegment(segment: string): string {
  const unescaped = segment.replaceAll('~1', '/').replaceAll('~0', '~');
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}
