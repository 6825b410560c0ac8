import { pointerOfPlace } from '@toolsteps/sdk/schema';
import { isExpression } from '../expressions/expression.js';

/**
 * The pointer of the first `{% … %}` string past `most`, in file order, or undefined when there are
 * no more than `most`. Counted over the parsed value before anything is compiled: each compiled
 * expression holds tens of kilobytes, so the count, not the file size, is what bounds memory.
 */
export function expressionPastLimit(value: unknown, most: number): string | undefined {
  interface Entry {
    value: unknown;
    key?: string;
    parent?: Entry;
  }
  let count = 0;
  const pending: Entry[] = [{ value }];
  while (pending.length > 0) {
    const entry = pending.pop() as Entry;
    if (isExpression(entry.value)) {
      count += 1;
      if (count > most) return pointerOfPlace(entry);
      continue;
    }
    if (entry.value === null || typeof entry.value !== 'object') continue;
    const children = Object.entries(entry.value);
    // Reversed onto the stack, so strings are counted in file order and the one reported is the first over.
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, child] = children[index];
      pending.push({ value: child, key, parent: entry });
    }
  }
  return undefined;
}
