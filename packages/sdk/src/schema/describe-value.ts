import { cutBeforeToken } from '../cut-before-token.js';
import { EXPRESSION_PATTERN } from './expression-pattern.js';

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

/** A value as an error message quotes it: short, and never a whole object. */
export function preview(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(cutBeforeToken(value, 37));
  return String(value);
}

/** What a schema accepts, in a few words: `a {% … %} expression`, `a whole number ≥ 1`, `"fixed"`. */
export function describeSchema(schema: unknown): string {
  if (schema === true) return 'any value';
  if (schema === null || typeof schema !== 'object') return 'nothing';
  const s = schema as Record<string, any>;
  if (s.pattern === EXPRESSION_PATTERN) return 'a {% … %} expression';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum))
    return `one of ${listOf(
      s.enum.map((value: unknown) => JSON.stringify(value)),
      'or',
    )}`;
  if (Array.isArray(s.anyOf ?? s.oneOf)) return listOf((s.anyOf ?? s.oneOf).map(describeSchema), 'or');
  if (typeof s.$ref === 'string') return `a ${s.$ref.split('/').pop()}`;
  const types: string[] = Array.isArray(s.type)
    ? s.type
    : String(s.type ?? '')
        .split(',')
        .filter(Boolean);
  if (types.length === 0) return 'a valid value';
  return listOf(
    types.map((type) => {
      const name = TYPE_NAMES[type] ?? type;
      if ((type === 'integer' || type === 'number') && typeof s.minimum === 'number')
        return `${name} ≥ ${s.minimum}`;
      if (type === 'string' && typeof s.description === 'string') return `${name} (${s.description})`;
      return name;
    }),
    'or',
  );
}

/** `a`, `a or b`, `a, b or c`, without repeats. */
export function listOf(items: readonly string[], conjunction: 'and' | 'or'): string {
  const unique = [...new Set(items)];
  if (unique.length <= 1) return unique[0] ?? '';
  return `${unique.slice(0, -1).join(', ')} ${conjunction} ${unique[unique.length - 1]}`;
}

/** `a github`, `an admin`: the article English puts before a word (by its first letter, enough for ids). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
