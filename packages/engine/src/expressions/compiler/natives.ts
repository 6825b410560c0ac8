import { jsonataLibrary } from '../jsonata-library.js';

/** A parsed function signature (`<s-n?:s>`): checks and completes the arguments of a call. */
export interface Signature {
  definition?: string;
  validate(args: unknown[], context: unknown): unknown[];
}

/** A built-in as JSONata defines it: its implementation, called with a focus as `this`, and its signature. */
export interface NativeFunction {
  _jsonata_function: true;
  implementation: (this: any, ...args: any[]) => unknown;
  signature?: Signature;
}

/** Every function of JSONata's library, by the name an expression calls it (`$string` is `string`). */
const LIBRARY_NAMES = [
  'sum',
  'count',
  'max',
  'min',
  'average',
  'string',
  'substring',
  'substringBefore',
  'substringAfter',
  'lowercase',
  'uppercase',
  'length',
  'trim',
  'pad',
  'match',
  'contains',
  'replace',
  'split',
  'join',
  'formatNumber',
  'formatBase',
  'formatInteger',
  'parseInteger',
  'number',
  'floor',
  'ceil',
  'round',
  'abs',
  'sqrt',
  'power',
  'random',
  'boolean',
  'not',
  'map',
  'zip',
  'filter',
  'single',
  'reduce',
  'sift',
  'keys',
  'lookup',
  'append',
  'exists',
  'spread',
  'merge',
  'reverse',
  'each',
  'error',
  'assert',
  'type',
  'sort',
  'shuffle',
  'distinct',
  'base64encode',
  'base64decode',
  'encodeUrlComponent',
  'encodeUrl',
  'decodeUrlComponent',
  'decodeUrl',
  'eval',
  'toMillis',
  'fromMillis',
  'clone',
  // Bound per expression by JSONata (they read its evaluation's timestamp): taken for their signatures.
  'now',
  'millis',
] as const;

let natives: ReadonlyMap<string, NativeFunction> | undefined;

/**
 * JSONata's own built-ins, fetched once and synchronously. JSONata hands them out only inside an
 * evaluation, which is async; but it calls an `__evaluate_entry` hook, when one is bound, before its
 * first await, with the evaluation's environment: the hook reads every built-in from it at once.
 */
export function jsonataNatives(): ReadonlyMap<string, NativeFunction> {
  if (natives) return natives;
  const probe = jsonataLibrary()('$');
  let environment: { lookup(name: string): unknown } | undefined;
  const hook = (_node: unknown, _input: unknown, entered: typeof environment) => {
    environment ??= entered;
  };
  (probe.assign as unknown as (name: symbol, value: unknown) => void)(
    Symbol.for('jsonata.__evaluate_entry'),
    hook,
  );
  // The rest of this evaluation runs later, on nothing, and its outcome is of no interest.
  (probe.evaluate(undefined) as Promise<unknown>).then(undefined, () => {});
  const found = environment;
  if (!found) throw new Error('JSONata did not call its evaluation hook: its built-ins cannot be read');
  const all = new Map<string, NativeFunction>();
  for (const name of LIBRARY_NAMES) {
    const native = found.lookup(name) as NativeFunction | undefined;
    if (native?._jsonata_function !== true) throw new Error(`JSONata has no built-in $${name}`);
    all.set(name, native);
  }
  natives = all;
  return all;
}

/** JSONata's parser (the tree before its evaluator runs it), which the library exposes as `jsonata.parser`. */
export function parseJsonata(source: string): unknown {
  return (jsonataLibrary() as unknown as { parser(source: string): unknown }).parser(source);
}
