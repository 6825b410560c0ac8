import { createDeepEqual } from './bounded-equality.js';
import type { ExpressionLimits } from './expression-limits.js';

interface Focus {
  environment: { base: { guardrails(): void } };
  createSequence(): unknown[];
}

/**
 * `$distinct` with JSONata's meaning (deep equality, first occurrence kept, a sequence stays a
 * sequence) in linear time: JSONata compares each item with every item kept so far, so 100,000
 * distinct numbers took seconds inside one call. Values are keyed by a canonical text (sorted keys);
 * those it cannot key (functions, or past a total text budget, as a value sharing one object many
 * times would be) are compared one by one with the bounded deep equality, checking the timeout.
 */
export function createDistinct(limits: Required<ExpressionLimits>) {
  const deepEqual = createDeepEqual('$distinct', limits);
  return function distinct(this: Focus, items: unknown): unknown {
    if (!Array.isArray(items) || items.length <= 1) return items;
    const results: unknown[] = (items as { sequence?: boolean }).sequence ? this.createSequence() : [];
    // Apart, so that the string "[ 1]" is not taken for the array [1].
    const values = new Set<unknown>();
    const texts = new Set<string>();
    const kept: object[] = [];
    // Kept without a text: an item with one may still equal them (a copy of a value sharing an object).
    const unkeyed: object[] = [];
    const budget = { chars: limits.maxStringLength };
    const equalsAny = (item: object, others: object[]) => {
      this.environment.base.guardrails();
      return others.some((other) => deepEqual(item, other, this));
    };
    for (const item of items) {
      if (item === null || typeof item !== 'object') {
        if (values.has(item)) continue;
        values.add(item);
      } else {
        const text = canonical(item, budget);
        if (text === undefined) {
          if (equalsAny(item, kept)) continue;
          unkeyed.push(item);
        } else {
          if (texts.has(text) || (unkeyed.length > 0 && equalsAny(item, unkeyed))) continue;
          texts.add(text);
        }
        kept.push(item);
      }
      results.push(item);
    }
    return results;
  };
}

/**
 * A text equal for two values exactly when JSONata's deep equality holds, or undefined when the
 * value holds something only identity can compare, holds one object twice (its text could be
 * exponentially long), or its text would pass the budget left.
 */
function canonical(value: object, budget: { chars: number }): string | undefined {
  const seen = new Set<object>();
  const write = (item: unknown): string | undefined => {
    if (--budget.chars < 0) return undefined;
    if (item === null || typeof item === 'boolean' || typeof item === 'number') return ` ${String(item)}`;
    if (item === undefined) return ' u';
    if (typeof item === 'string') {
      budget.chars -= item.length;
      return budget.chars < 0 ? undefined : JSON.stringify(item);
    }
    if (typeof item !== 'object' || seen.has(item)) return undefined;
    seen.add(item);
    if (Array.isArray(item)) {
      let text = '[';
      for (const element of item) {
        const part = write(element);
        if (part === undefined) return undefined;
        text += part;
      }
      return `${text}]`;
    }
    const keys = Object.getOwnPropertyNames(item).sort();
    // An object with a `length` can deep-equal an array in JSONata: leave such rarities to the slow path.
    if (keys.includes('length')) return undefined;
    let text = '{';
    for (const key of keys) {
      budget.chars -= key.length;
      const part = write((item as Record<string, unknown>)[key]);
      if (part === undefined) return undefined;
      text += JSON.stringify(key) + part;
    }
    return `${text}}`;
  };
  return write(value);
}
