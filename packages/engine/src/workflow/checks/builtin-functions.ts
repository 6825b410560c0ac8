import { jsonataLibrary } from '../../expressions/jsonata-library.js';

/** JSONata's documented functions, only to suggest a name for a typo; what exists is asked of JSONata itself. */
// biome-ignore format: a plain word list reads better packed
const DOCUMENTED = [
  'string', 'length', 'substring', 'substringBefore', 'substringAfter', 'uppercase', 'lowercase', 'trim', 'pad',
  'contains', 'split', 'join', 'match', 'replace', 'base64encode', 'base64decode', 'encodeUrlComponent', 'encodeUrl',
  'decodeUrlComponent', 'decodeUrl', 'number', 'abs', 'floor', 'ceil', 'round', 'power', 'sqrt', 'random',
  'formatNumber', 'formatBase', 'formatInteger', 'parseInteger', 'sum', 'max', 'min', 'average', 'boolean', 'not',
  'exists', 'count', 'append', 'sort', 'reverse', 'shuffle', 'distinct', 'zip', 'keys', 'lookup', 'spread', 'merge',
  'sift', 'each', 'error', 'assert', 'type', 'now', 'millis', 'fromMillis', 'toMillis', 'map', 'filter', 'single',
  'reduce',
];

const answers = new Map<string, Promise<boolean>>();

/** Whether `$name` is one of JSONata's own functions, asked of the installed JSONata so versions never drift. */
export function isBuiltinFunction(name: string): Promise<boolean> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return Promise.resolve(false);
  let answer = answers.get(name);
  if (answer === undefined) {
    answer = Promise.resolve(jsonataLibrary()(`$${name}`).evaluate(undefined)).then(isFunction, () => false);
    answers.set(name, answer);
  }
  return answer;
}

/** The documented function names this JSONata has, for did-you-mean. */
export async function builtinFunctionNames(): Promise<string[]> {
  const present = await Promise.all(DOCUMENTED.map(isBuiltinFunction));
  return DOCUMENTED.filter((_, index) => present[index]);
}

/** JSONata hands out its native functions wrapped in a marked object. */
function isFunction(value: unknown): boolean {
  return (
    typeof value === 'function' ||
    (value as { _jsonata_function?: unknown } | null)?._jsonata_function === true
  );
}
