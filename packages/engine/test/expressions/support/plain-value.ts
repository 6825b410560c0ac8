/**
 * A JSONata result as plain data, to compare with `toEqual`: arrays lose the markers JSONata sets on
 * its sequences (`sequence`, `keepSingleton`, `outerWrapper`, `tupleStream`), which `toEqual` would
 * count as keys; objects keep their keys in order; a function becomes `'<function>'`.
 */
export function plainValue(value: unknown): unknown {
  if (typeof value === 'function') return '<function>';
  if (Array.isArray(value)) return Array.from(value, plainValue);
  if (value === null || typeof value !== 'object') return value;
  if (isJsonataFunction(value)) return '<function>';
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainValue(item)]));
}

/** The text of a value for messages and order-free comparison: `undefined` and functions spelt out. */
export function valueText(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(plainValue(value), (_key, item) => (item === undefined ? '<undefined>' : item));
}

/** A lambda or a built-in as JSONata hands it out (an object, not a JS function). */
function isJsonataFunction(value: object): boolean {
  const marked = value as { _jsonata_function?: unknown; _jsonata_lambda?: unknown };
  return marked._jsonata_function === true || marked._jsonata_lambda === true;
}
