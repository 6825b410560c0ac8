/**
 * What a terminal acts on or reorders rather than shows: Unicode's control characters (C0: escape,
 * carriage return, bell…; DEL; C1), the bidirectional formatting marks, overrides and isolates
 * (which can show a line in another order than it holds), and the line and paragraph separators.
 * Letters of every script, emoji and their joiners stay as they are.
 */
const UNSAFE = '\\p{Cc}\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u2028\\u2029';
const UNSAFE_ON_ONE_LINE = new RegExp(`[${UNSAFE}]`, 'gu');
const UNSAFE_KEEPING_NEWLINES = new RegExp(`(?!\\n)[${UNSAFE}]`, 'gu');

/**
 * Text from the network, a file or the store (a binding id from a URL, a third party's error, a step
 * id) made safe to print: each such character shown as a `\u001b` escape, so nobody can clear a
 * terminal, forge or hide a line, reorder it or retitle a window through it. One line unless `lines`
 * is set. JSON text stays JSON with the same value: these characters only occur inside its strings,
 * where `\uXXXX` is their escape.
 */
export function printable(text: string, { lines = false }: { lines?: boolean } = {}): string {
  return text.replace(
    lines ? UNSAFE_KEEPING_NEWLINES : UNSAFE_ON_ONE_LINE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
