import { canonicalText } from './canonical-text.js';
import type { KnownSecret } from './known-secret.js';

/** So many characters of a secret left at a cut are redacted; fewer tell nothing. */
export const MIN_CUT_PREFIX = 4;

/** The start of an escape the cut split: `%2`, `&am`, `\u00`, a half line break. */
const SPLIT_ESCAPE = /(?:%(?:25)*[0-9a-f]?|&#?x?[0-9a-z]*|\\(?:u[0-9a-f]{0,3})?|\r)$/i;

/**
 * Where the start of a secret that `head` (a text the engine is about to cut) ends with begins, in
 * any spelling `canonicalText` reads, or -1. Only the last `widest` characters are looked at: no
 * spelling of a known secret's start is longer.
 */
export function cutPrefixStart(head: string, secrets: Iterable<KnownSecret>, widest: number): number {
  const end = SPLIT_ESCAPE.exec(head)?.index ?? head.length;
  const from = Math.max(0, end - widest);
  const view = canonicalText(head.slice(from, end));
  let start = -1;
  for (const secret of secrets) {
    const at = secret.startLeftAtEnd(view.text, MIN_CUT_PREFIX);
    if (at !== -1 && (start === -1 || at < start)) start = at;
  }
  return start === -1 ? -1 : from + (view.at[start] ?? 0);
}
