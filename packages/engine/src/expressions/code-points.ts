/**
 * JSONata counts and cuts strings in code points by first splitting them into an array of one
 * string per character (30–40 bytes each): a 10-million-character string then needs gigabytes.
 * These walk the UTF-16 text instead, with the same meaning (a lone surrogate is one code point).
 */

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The number of code points, as `[...text].length`. */
export function codePointLength(text: string): number {
  let count = text.length;
  for (let at = 0; at < text.length - 1; at++) {
    if (isHigh(text.charCodeAt(at)) && isLow(text.charCodeAt(at + 1))) {
      count--;
      at++;
    }
  }
  return count;
}

/** The UTF-16 offset `count` code points after offset `from` (or the text's length past its end). */
function offsetAfter(text: string, count: number, from = 0): number {
  let at = from;
  for (let seen = 0; seen < count && at < text.length; seen++) {
    at += isHigh(text.charCodeAt(at)) && isLow(text.charCodeAt(at + 1)) ? 2 : 1;
  }
  return at;
}

/** `[...text].slice(start, end).join('')`, without the array. */
export function sliceCodePoints(text: string, start: number, end?: number): string {
  const length = codePointLength(text);
  const clamp = (index: number) => {
    const whole = Math.trunc(index) || 0;
    return whole < 0 ? Math.max(length + whole, 0) : Math.min(whole, length);
  };
  const from = clamp(start);
  const to = end === undefined ? length : clamp(end);
  if (to <= from) return '';
  const begin = offsetAfter(text, from);
  return text.slice(begin, offsetAfter(text, to - from, begin));
}
