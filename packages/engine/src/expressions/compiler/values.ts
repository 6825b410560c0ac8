import { jsonataError } from './errors.js';

/**
 * JSONata's notions of values (its utils.js): sequences (arrays it built, flagged `sequence`), what
 * counts as a number, a function, true or false. Written out, not borrowed, because compiled code
 * calls them at every node.
 */

/** An array JSONata built; `keepSingleton`, `outerWrapper`, `tupleStream` and `cons` are its markers. */
export type Sequence = unknown[] & {
  sequence?: boolean;
  keepSingleton?: boolean;
  outerWrapper?: boolean;
  tupleStream?: boolean;
  cons?: boolean;
};

export function isSequence(value: unknown): value is Sequence {
  return (value as Sequence).sequence === true && Array.isArray(value);
}

export function newSequence(): Sequence {
  const sequence: Sequence = [];
  sequence.sequence = true;
  return sequence;
}

export function sequenceOf(item: unknown): Sequence {
  const sequence: Sequence = [item];
  sequence.sequence = true;
  return sequence;
}

/** D2015 as JSONata's `sequence` option throws it, from a push past the limit. */
export function tooManyItems(limit: number) {
  return jsonataError('D2015', { value: limit });
}

/** A finite number; Infinity is an error (D1001), NaN is not a number. */
export function isNumeric(value: unknown): value is number {
  if (typeof value !== 'number') return false;
  if (Number.isNaN(value)) return false;
  if (!Number.isFinite(value)) throw jsonataError('D1001', { value });
  return true;
}

export function isArrayOfStrings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

/** Every item numeric: each is checked, as JSONata's filter does, so an Infinity among them throws. */
export function isArrayOfNumbers(value: unknown): value is number[] {
  if (!Array.isArray(value)) return false;
  let all = true;
  for (const item of value) if (!isNumeric(item)) all = false;
  return all;
}

export function isFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  const marked = value as { _jsonata_function?: unknown; _jsonata_lambda?: unknown } | null | undefined;
  return !!marked && (marked._jsonata_function === true || marked._jsonata_lambda === true);
}

export function isLambda(value: unknown): boolean {
  return !!value && (value as { _jsonata_lambda?: unknown })._jsonata_lambda === true;
}

/** How many arguments a function takes, as JSONata reckons it (HOFs pass the index and array to 2 and 3). */
export function functionArity(func: any): number {
  if (typeof func.arity === 'number') return func.arity;
  if (typeof func.implementation === 'function') return func.implementation.length;
  if (typeof func.length === 'number') return func.length;
  return func.arguments.length;
}

/** JSONata's `$boolean`: the effective truth of a value, undefined for nothing. */
export function toBoolean(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    if (value.length === 1) return toBoolean(value[0]);
    if (value.length > 1) {
      let any = false;
      for (const item of value) if (toBoolean(item)) any = true;
      return any;
    }
    return false;
  }
  if (typeof value === 'string') return value.length > 0;
  if (isNumeric(value)) return value !== 0;
  if (value !== null && typeof value === 'object' && !isFunction(value)) return Object.keys(value).length > 0;
  return value === true;
}

/** `and`, `or` and conditions read nothing as false. */
export function truthy(value: unknown): boolean {
  return toBoolean(value) === true;
}

/**
 * What `evaluate` does to every result: an empty sequence is nothing, a sequence of one is its item
 * unless it must stay an array (`[]` after a step, or a singleton marked to be kept). The mark only
 * matters on a sequence of one, so it is set there only.
 */
export function settled(result: unknown, keepArray: boolean): unknown {
  if (!result || !isSequence(result) || result.tupleStream) return result;
  if (result.length === 0) return undefined;
  if (result.length !== 1 || result.keepSingleton) return result;
  if (!keepArray) return result[0];
  // JSONata marks the sequence itself; it may be a binding's, so a copy is marked instead.
  const kept = sequenceOf(result[0]);
  if (result.outerWrapper) kept.outerWrapper = true;
  kept.keepSingleton = true;
  return kept;
}

/** Object.keys of an object, none of anything else (JSONata's utils.keys). */
export function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null ? Object.keys(value) : [];
}

/**
 * JSONata's `$append` as its evaluator uses it: nothing on either side gives the other side, else a
 * new (plain) array of both, refused past the array limit (D2015 with the size it would have).
 */
export function append(left: unknown, right: unknown, limit: number): unknown {
  if (left === undefined) return right;
  if (right === undefined) return left;
  const lefts = Array.isArray(left) ? left : [left];
  const rights = Array.isArray(right) ? right : [right];
  const size = lefts.length + rights.length;
  if (size > limit) throw jsonataError('D2015', { value: size });
  return lefts.concat(rights);
}
