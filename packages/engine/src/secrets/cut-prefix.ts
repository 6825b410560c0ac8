import type { SecretForm } from './secret-forms.js';

/** What every cut of a text for a message or a record ends with. */
export const CUT_MARK = '…';

/** So many characters of a secret left at a cut are redacted; fewer tell nothing. */
export const MIN_CUT_PREFIX = 4;

/** The start of an escape the cut split: `%2`, `&am`, `\u00`, a half line break. */
const SPLIT_ESCAPE = String.raw`(?:%(?:25)*[0-9a-f]?|&#?x?[0-9a-z]*|\\(?:u[0-9a-f]{0,3})?|\r)?`;

/**
 * Matches the first `least` or more units of a form, then maybe a split escape: `u1u2u3u4(?:u5(?:u6)?)?`.
 * Forms shorter than `least` must be whole.
 */
export function prefixPattern(form: SecretForm, least: number): string {
  const head = form.slice(0, least).join('');
  let tail = '';
  for (let index = form.length - 1; index >= least; index--) tail = `(?:${form[index]}${tail})?`;
  return `${head}${tail}${SPLIT_ESCAPE}`;
}
