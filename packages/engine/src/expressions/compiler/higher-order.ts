import { jsonataError } from './errors.js';
import type { Evaluation } from './evaluation.js';
import { mergeSort } from './merge-sort.js';
import { functionArity, isArrayOfNumbers, isArrayOfStrings, keysOf, toBoolean } from './values.js';

/**
 * JSONata's higher-order built-ins ($map, $filter, $single, $reduce, $sift, $each, $sort), which are
 * async there because they await each call: the same code without the awaits, each turn counted
 * against the timeout. Their parameters keep JSONata's names: a partial application (`$map(?, $f)`)
 * reads them from the source. `func` is what JSONata hands them: a wrapped function, or a lambda
 * (both called as `func.apply(this, args)`).
 */

interface Focus {
  environment: { base: Evaluation };
  createSequence(...items: unknown[]): unknown[];
}

type Callable = { apply(self: unknown, args: unknown[]): unknown };

/** The value, then the index and the whole only to a function that declares them. */
function hofFuncArgs(func: Callable, value: unknown, position: unknown, whole: unknown): unknown[] {
  const args = [value];
  const arity = functionArity(func);
  if (arity >= 2) args.push(position);
  if (arity >= 3) args.push(whole);
  return args;
}

function map(this: Focus, arr: unknown[] | undefined, func: Callable) {
  if (arr === undefined) return undefined;
  const result = this.createSequence();
  for (let i = 0; i < arr.length; i++) {
    this.environment.base.tick();
    const res = func.apply(this, hofFuncArgs(func, arr[i], i, arr));
    if (res !== undefined) result.push(res);
  }
  return result;
}

function filter(this: Focus, arr: unknown[] | undefined, func: Callable) {
  if (arr === undefined) return undefined;
  const result = this.createSequence();
  for (let i = 0; i < arr.length; i++) {
    this.environment.base.tick();
    const entry = arr[i];
    if (toBoolean(func.apply(this, hofFuncArgs(func, entry, i, arr)))) result.push(entry);
  }
  return result;
}

function single(this: Focus, arr: unknown[] | undefined, func?: Callable) {
  if (arr === undefined) return undefined;
  let found = false;
  let result: unknown;
  for (let i = 0; i < arr.length; i++) {
    this.environment.base.tick();
    const entry = arr[i];
    const positive =
      func === undefined ? true : toBoolean(func.apply(this, hofFuncArgs(func, entry, i, arr)));
    if (positive) {
      if (found) throw jsonataError('D3138', { index: i });
      result = entry;
      found = true;
    }
  }
  if (!found) throw jsonataError('D3139');
  return result;
}

function foldLeft(this: Focus, sequence: unknown[] | undefined, func: Callable, init?: unknown) {
  if (sequence === undefined) return undefined;
  const arity = functionArity(func);
  if (arity < 2) throw jsonataError('D3050', { index: 1 });
  let result: unknown;
  let index: number;
  if (init === undefined && sequence.length > 0) {
    result = sequence[0];
    index = 1;
  } else {
    result = init;
    index = 0;
  }
  while (index < sequence.length) {
    this.environment.base.tick();
    const args = [result, sequence[index]];
    if (arity >= 3) args.push(index);
    if (arity >= 4) args.push(sequence);
    result = func.apply(this, args);
    index++;
  }
  return result;
}

function sift(this: Focus, arg: unknown, func: Callable) {
  const source = arg as Record<string, unknown>;
  let result: Record<string, unknown> | undefined = Object.create(null);
  for (const item of keysOf(arg)) {
    this.environment.base.tick();
    const entry = source[item];
    if (toBoolean(func.apply(this, hofFuncArgs(func, entry, item, arg)))) (result as any)[item] = entry;
  }
  if (keysOf(result).length === 0) result = undefined;
  return result;
}

function each(this: Focus, obj: unknown, func: Callable) {
  const source = obj as Record<string, unknown>;
  const result = this.createSequence();
  for (const key of keysOf(obj)) {
    this.environment.base.tick();
    const val = func.apply(this, hofFuncArgs(func, source[key], key, obj));
    if (val !== undefined) result.push(val);
  }
  return result;
}

function sort(this: Focus, arr: unknown[] | undefined, comparator?: (a: unknown, b: unknown) => unknown) {
  if (arr === undefined) return undefined;
  if (arr.length <= 1) return arr;
  let swaps: (a: unknown, b: unknown) => boolean;
  if (comparator === undefined) {
    if (!isArrayOfNumbers(arr) && !isArrayOfStrings(arr)) throw jsonataError('D3070', { index: 1 });
    swaps = (a, b) => (a as number) > (b as number);
  } else {
    swaps = (a, b) => !!comparator(a, b);
  }
  const base = this.environment.base;
  return mergeSort(arr, swaps, () => base.tick());
}

/** By the name an expression calls them: the synchronous stand-ins for JSONata's async ones. */
export const HIGHER_ORDER = { map, filter, single, reduce: foldLeft, sift, each, sort } as const;
