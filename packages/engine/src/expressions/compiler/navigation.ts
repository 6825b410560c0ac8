import type { Evaluation } from './evaluation.js';
import { append, isFunction, newSequence, type Sequence, tooManyItems } from './values.js';

/**
 * The steps that read the input's structure: a field by name, `*` (every field's value), `**`
 * (every value at any depth), as JSONata's evaluateName, evaluateWildcard and evaluateDescendants.
 */

const hasOwn = Object.prototype.hasOwnProperty;

/** `$lookup`: a field of an object; of an array, the field of each item, flattened one level. */
export function lookupName(input: unknown, name: string, evaluation: Evaluation): unknown {
  if (Array.isArray(input)) {
    const limit = evaluation.limits.maxArrayLength;
    const result = newSequence();
    for (const item of input) {
      evaluation.tick();
      const res = lookupName(item, name, evaluation);
      if (res === undefined) continue;
      if (Array.isArray(res)) {
        if (result.length + res.length > limit) throw tooManyItems(limit);
        for (const value of res) result.push(value);
      } else {
        if (result.length >= limit) throw tooManyItems(limit);
        result.push(res);
      }
    }
    return result;
  }
  if (input !== null && typeof input === 'object' && hasOwn.call(input, name) && !isFunction(input)) {
    return (input as Record<string, unknown>)[name];
  }
  return undefined;
}

/** `*`: the values of the input's fields, arrays among them flattened. */
export function wildcard(input: unknown, evaluation: Evaluation): unknown {
  const limit = evaluation.limits.maxArrayLength;
  let results: unknown[] = newSequence();
  let value = input;
  if (Array.isArray(value) && (value as Sequence).outerWrapper && value.length > 0) value = value[0];
  if (value !== null && typeof value === 'object' && !isFunction(value)) {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      evaluation.tick();
      const item = object[key];
      if (Array.isArray(item)) results = append(results, flatten(item, [], evaluation), limit) as unknown[];
      else {
        if (results.length >= limit) throw tooManyItems(limit);
        results.push(item);
      }
    }
  }
  return results;
}

function flatten(items: unknown, into: unknown[], evaluation: Evaluation): unknown[] {
  if (Array.isArray(items)) for (const item of items) flatten(item, into, evaluation);
  else {
    evaluation.tick();
    into.push(items);
  }
  return into;
}

/** `**`: the input and every value inside it, depth first, arrays flattened. */
export function descendants(input: unknown, evaluation: Evaluation): unknown {
  if (input === undefined) return undefined;
  const limit = evaluation.limits.maxArrayLength;
  const results = newSequence();
  const visit = (value: unknown): void => {
    evaluation.tick();
    if (Array.isArray(value)) {
      for (const member of value) visit(member);
      return;
    }
    if (results.length >= limit) throw tooManyItems(limit);
    results.push(value);
    if (value !== null && typeof value === 'object' && !isFunction(value)) {
      for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key]);
    }
  };
  visit(input);
  return results.length === 1 ? results[0] : results;
}
