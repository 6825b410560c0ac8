/**
 * The expressions n8n users' JSONata workloads are made of (the issue's W1): a sum over a filtered
 * product, a `$map` with a lambda, a filter joined into text, a count under two conditions; each over
 * a list of items, and the same computation in plain JavaScript to read the numbers against.
 */

export interface WorkItem {
  id: string;
  name: string;
  category: string;
  price: number;
  qty: number;
  active: boolean;
}

const CATEGORIES = ['tools', 'garden', 'books', 'toys'];

/** `count` items, the same every time: prices 0.5 to 149.5, a quarter of them tools. */
export function workItems(count: number): WorkItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `item-${index}`,
    name: `Item ${index}`,
    category: CATEGORIES[index % CATEGORIES.length],
    price: ((index * 37) % 150) + 0.5,
    qty: index % 7,
    active: index % 3 !== 0,
  }));
}

export interface WorkExpression {
  /** The JSONata text, reading the workflow's input as `$input`. */
  jsonata: string;
  /** The same computation in JavaScript. */
  js: (items: readonly WorkItem[]) => unknown;
}

/** The W1 expressions; a workflow of N steps computes them in turn. */
export const W1_EXPRESSIONS: readonly WorkExpression[] = [
  {
    jsonata: '$sum($input.items[price > 10].(price * qty))',
    js: (items) =>
      items.filter((item) => item.price > 10).reduce((sum, item) => sum + item.price * item.qty, 0),
  },
  {
    jsonata: '$map($input.items, function($item) { $item.name & " × " & $string($item.qty) })',
    js: (items) => items.map((item) => `${item.name} × ${item.qty}`),
  },
  {
    jsonata: '$join($input.items[category = "tools" and active].name, ", ")',
    js: (items) =>
      items
        .filter((item) => item.category === 'tools' && item.active)
        .map((item) => item.name)
        .join(', '),
  },
  {
    jsonata: '$count($input.items[qty > 2 and price < 100])',
    js: (items) => items.filter((item) => item.qty > 2 && item.price < 100).length,
  },
];

/** The expression of step `index` (from 0): the W1 expressions in turn. */
export function stepExpression(index: number): WorkExpression {
  return W1_EXPRESSIONS[index % W1_EXPRESSIONS.length];
}
