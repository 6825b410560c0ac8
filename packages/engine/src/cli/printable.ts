/** Unicode's control characters (C0: escape, carriage return, bell…; DEL; C1): what a terminal acts on. */
const CONTROLS_AND_NEWLINES = /\p{Cc}/gu;
const CONTROLS = /(?!\n)\p{Cc}/gu;

/**
 * Text from the network or the store (a binding id from a URL, a header, a third party's error)
 * made safe to print: control characters shown as `\u001b` escapes, so nobody can clear a
 * terminal, forge a line or retitle a window through it. One line unless `lines` is set.
 */
export function printable(text: string, { lines = false }: { lines?: boolean } = {}): string {
  return text.replace(
    lines ? CONTROLS : CONTROLS_AND_NEWLINES,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
